package dev.weft.causal;

import dev.weft.trace.Address;
import dev.weft.trace.Event;
import dev.weft.trace.EventKind;
import dev.weft.trace.Trace;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The runs an exploration has made, indexed so that a seed's {@link Region} can be looked up among
 * them: which explored run already performed every operation the seed forces, with the same
 * values. Beyond the papers: mcr-systematic-testing §3.3 promises that no two explored runs reach
 * the same state, but two seeds of one trace can lead to one state (mcr-tso-pso §4.6), and on
 * busy-wait programs often do. A seed whose region an explored run lies in is not run: that run
 * stands for it, and the seed's successors are asked of its causal model, with the seed's
 * operations fixed. When the seed's own run would have had the same read values, that model is
 * the one its run would give (same operations and values, another order); so no run repeats an
 * earlier run's read values, and what the seeds reach is what they would have reached.
 *
 * <p>Memory is bounded: the runs indexed hold at most {@code eventBudget} events between them
 * (their traces are kept for their causal models); later runs are not indexed, and seeds that only
 * they could stand for are run.
 */
public final class RegionIndex {
    private final long eventBudget;
    private long eventsKept;
    private final List<Reached> runs = new ArrayList<>();

    /** One indexed run: its trace, and per thread the region sums of each prefix of its operations. */
    private record Reached(Trace trace, int[] ordinals, Map<Integer, long[][]> prefixSums, Set<Long> flushed,
                           List<Address> finalOrder, Map<Address, Long> finalValues, Set<Integer> ended) {
    }

    /**
     * An explored run that lies in a seed's region.
     *
     * @param fixed           the run's events the seed forces (its operations' prefixes and forced flushes)
     * @param fixedFinalReads how many of the run's virtual final reads the seed fixes
     */
    public record Match(Trace trace, BitSet fixed, int fixedFinalReads) {
    }

    public RegionIndex(long eventBudget) {
        this.eventBudget = eventBudget;
    }

    /** Indexes a finished run, unless the budget is spent. */
    public void add(Trace trace) {
        if (eventsKept + trace.size() > eventBudget) {
            return;
        }
        eventsKept += trace.size();
        runs.add(reached(trace));
    }

    /**
     * Whether {@code trace} performed every operation of {@code region} with the values its reads
     * return, the ways its blocking calls return (and one more operation of each of its
     * {@link Region#oneMore} threads, and nothing more of its {@link Region#stopped} ones), its
     * flushes (and none of its unflushed writes') and its final values: whether the run reached the
     * state a seed asked for. Which notify a forced wake-up took is not compared: the runtime gives a
     * waiter the oldest notification it may take, which need not be the one the seed's trace showed,
     * and a wake-up that returned spuriously or timed out there may take one here.
     */
    public static boolean lies(Trace trace, Region region) {
        return lies(reached(trace), region, false);
    }

    private static Reached reached(Trace trace) {
        int[] ordinals = CausalModel.ordinals(trace);
        Map<Integer, List<long[]>> contributions = new HashMap<>();
        Set<Long> flushed = new HashSet<>();
        Set<Integer> ended = new HashSet<>();
        for (Event e : trace.events()) {
            if (e.kind() == EventKind.FLUSH) {
                flushed.add(Region.name(e.thread(), ordinals[e.index()]));
                continue;
            }
            if (e.kind() == EventKind.END) {
                ended.add(e.thread());
            }
            contributions.computeIfAbsent(e.thread(), t -> new ArrayList<>()).add(Region.contribution(trace, e.index(), ordinals, Region.observed(e)));
        }
        Map<Integer, long[][]> prefixSums = new HashMap<>();
        contributions.forEach((thread, parts) -> {
            long[][] sums = new long[4][parts.size() + 1];
            for (int i = 0; i < parts.size(); i++) {
                for (int k = 0; k < 4; k++) {
                    sums[k][i + 1] = sums[k][i] + parts.get(i)[k];
                }
            }
            prefixSums.put(thread, sums);
        });
        Map<Address, Long> finalValues = CausalModel.finalValues(trace);
        return new Reached(trace, ordinals, prefixSums, flushed, CausalModel.finalReadOrder(finalValues), finalValues, ended);
    }

    /** The earliest indexed run that lies in {@code prefix}, wakes included, with the events {@code forced} fixes in it, or null. */
    public Match find(Region prefix, Region forced) {
        if (prefix.parks()) {
            return null;
        }
        for (Reached run : runs) {
            if (lies(run, prefix, true)) {
                return match(run, forced);
            }
        }
        return null;
    }

    private static boolean lies(Reached run, Region region, boolean wakes) {
        long[] sums = new long[4];
        for (Map.Entry<Integer, Integer> forced : region.lengths().entrySet()) {
            long[][] prefixSums = run.prefixSums().get(forced.getKey());
            int thread = forced.getKey();
            int performed = forced.getValue() + (region.oneMore().contains(thread) ? 1 : 0);
            if (prefixSums == null || prefixSums[0].length <= performed
                    || region.endProgress().stopped().contains(thread) && wentFurther(run, thread, prefixSums[0].length - 1, performed)) {
                return false;
            }
            for (int k = 0; k < 4; k++) {
                sums[k] += prefixSums[k][forced.getValue()];
            }
        }
        if (sums[0] != region.readsA() || sums[1] != region.readsB() || !run.flushed().containsAll(region.flushes())
                || region.unflushed().stream().anyMatch(run.flushed()::contains)) {
            return false;
        }
        if (wakes && (sums[2] != region.wakesA() || sums[3] != region.wakesB())) {
            return false;
        }
        int fixedFinals = region.finalAddresses().size();
        if (run.finalOrder().size() < fixedFinals || !run.finalOrder().subList(0, fixedFinals).equals(region.finalAddresses())) {
            return false;
        }
        for (int i = 0; i < fixedFinals; i++) {
            if (!region.finalValues().get(i).equals(run.finalValues().get(region.finalAddresses().get(i)))) {
                return false;
            }
        }
        return true;
    }

    /** Whether a thread performed more than {@code performed} operations, its END (which comes with its last step) not counted. */
    private static boolean wentFurther(Reached run, int thread, int operations, int performed) {
        return operations > performed + (run.ended().contains(thread) ? 1 : 0);
    }

    private static Match match(Reached run, Region region) {
        BitSet fixed = new BitSet();
        for (Event e : run.trace().events()) {
            int position = run.ordinals()[e.index()];
            boolean forced = e.kind() == EventKind.FLUSH
                    ? region.flushes().contains(Region.name(e.thread(), position))
                    : position < region.lengths().getOrDefault(e.thread(), 0);
            if (forced) {
                fixed.set(e.index());
            }
        }
        return new Match(run.trace(), fixed, region.finalAddresses().size());
    }
}
