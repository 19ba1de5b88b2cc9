package dev.weft.causal;

import dev.weft.trace.Address;
import dev.weft.trace.Event;
import dev.weft.trace.EventKind;
import dev.weft.trace.Trace;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * What distinguishes one run's causal model from another's: the value every read returned (of memory,
 * an interrupt status) and how every blocking call returned ({@link BlockingSteps#seen}),
 * the read named by thread and position among its thread's operations (flushes not counted, so
 * the name does not depend on when buffered writes were published), and how far each thread got
 * (so a run that deadlocks differs from one that does not), and the final value of every written
 * address (so a reordering that only changes which write is last counts as new). By local determinism, two runs with
 * the same signature performed the same events with the same values.
 *
 * @param reads   "thread:position" to the value read
 * @param lengths thread to its number of operations
 * @param finalValues address to the value its last visible write left
 */
public record ReadSignature(Map<String, Long> reads, Map<Integer, Integer> lengths, Map<Address, Long> finalValues) {

    public static ReadSignature of(Trace trace) {
        Map<Integer, Integer> lengths = new TreeMap<>();
        Map<String, Long> reads = new TreeMap<>();
        Map<Integer, Integer> positions = new HashMap<>();
        for (Event e : trace.events()) {
            if (e.kind() == EventKind.FLUSH) {
                continue;
            }
            int position = positions.merge(e.thread(), 1, Integer::sum) - 1;
            lengths.put(e.thread(), position + 1);
            if (BlockingSteps.isStep(e)) {
                reads.put(e.thread() + ":" + position, (long) BlockingSteps.seen(e).ordinal());
            } else if (e.readsLocation()) {
                reads.put(e.thread() + ":" + position, e.value());
            }
        }
        return new ReadSignature(Map.copyOf(reads), Map.copyOf(lengths), Map.copyOf(CausalModel.finalValues(trace)));
    }
}
