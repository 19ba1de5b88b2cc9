package dev.weft.causal;

import dev.weft.solver.Formula;
import dev.weft.trace.Address;
import dev.weft.trace.Event;
import dev.weft.trace.EventKind;
import dev.weft.trace.Trace;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntPredicate;

/**
 * Which writes each read of a trace may take its value from, kept small (per address, each thread's writes that become
 * visible, of which a read needs one range only), and Φ_value over them (mcr-systematic-testing §3.2; mcr-tso-pso §4.1
 * for store forwarding). {@link CausalModel} asks it for a read's sources and value constraints, the virtual final reads
 * included: their addresses, order variables and atoms are the model's.
 */
final class ReadSources {
    private final Trace trace;
    private final MustHappenBefore mhb;
    private final CausalModel model;
    private final Map<Address, List<Integer>> writes = new LinkedHashMap<>();
    /** Per address, each thread's writes that become visible in this trace, in program order. */
    private final Map<Address, List<int[]>> visibleWritesByThread = new HashMap<>();
    /** {@link #of} each read asked about: the base constraints, the size estimate and every query of a read share them. */
    private final Map<Integer, Sources> sourcesByRead = new HashMap<>();
    /** Per address and thread (as in {@link #visibleWritesByThread}): each value written, at which positions of the thread's writes. */
    private Map<Address, List<Map<Long, int[]>>> writeSlotsByValue;

    ReadSources(Trace trace, MustHappenBefore mhb, CausalModel model) {
        this.trace = trace;
        this.mhb = mhb;
        this.model = model;
        for (Event e : trace.events()) {
            if (e.kind() != EventKind.FLUSH && e.writesLocation()) {
                writes.computeIfAbsent(e.address(), a -> new ArrayList<>()).add(e.index());
            }
        }
        groupVisibleWritesByThread();
    }

    /** Every write to {@code address}, in trace order. */
    List<Integer> writesTo(Address address) {
        return writes.getOrDefault(address, List.of());
    }

    private void groupVisibleWritesByThread() {
        writes.forEach((address, all) -> {
            Map<Integer, List<Integer>> byThread = new LinkedHashMap<>();
            for (int w : all) {
                if (mhb.visibility(w) >= 0) {
                    byThread.computeIfAbsent(trace.get(w).thread(), t -> new ArrayList<>()).add(w);
                }
            }
            visibleWritesByThread.put(address, byThread.values().stream()
                    .map(ws -> ws.stream().mapToInt(Integer::intValue).toArray()).toList());
        });
    }

    /**
     * The writes {@code read} may read from or that may come between it and its write, and whether
     * it may read the initial value. Of one thread's writes to the address (visible in program
     * order: same-address pairs stay ordered under every model), those visible before the read in
     * every execution form a prefix, those visible only after it a suffix; only the last of the
     * prefix and the ones in between matter — the prefix's others are overwritten by its last in
     * every execution, so the constraints they would add are implied. This keeps Φ_value exact
     * while its size, and the number of new values a read is asked for, follow the writes that
     * race with the read instead of the length of the trace (docs/mcr.md on long traces).
     */
    Sources of(int read) {
        return sourcesByRead.computeIfAbsent(read, this::findSources);
    }

    private Sources findSources(int read) {
        List<int[]> threads = visibleWritesByThread.getOrDefault(model.addressRead(read), List.of());
        int[] from = new int[threads.size()];
        int[] to = new int[threads.size()];
        boolean initialPossible = true;
        for (int t = 0; t < threads.size(); t++) {
            int[] threadWrites = threads.get(t);
            int before = firstNot(threadWrites, 0, w -> model.precedes(mhb.visibility(w), read));
            to[t] = firstNot(threadWrites, before, w -> !model.precedes(read, mhb.visibility(w)));
            from[t] = Math.max(before - 1, 0);
            initialPossible &= before == 0;
        }
        return new Sources(read, threads, from, to, initialPossible);
    }

    /**
     * The writes that matter to a read, as one range of each thread's visible writes (kept as
     * ranges: with contention, every read of a long trace has thousands).
     *
     * @param initialPossible no write is visible before the read in every execution
     */
    record Sources(int read, List<int[]> threads, int[] from, int[] to, boolean initialPossible) {

        /** The writes, thread by thread in program order; a read-modify-write is not its own source. */
        List<Integer> writes() {
            List<Integer> writes = new ArrayList<>();
            for (int t = 0; t < threads.size(); t++) {
                for (int i = from[t]; i < to[t]; i++) {
                    if (threads.get(t)[i] != read) {
                        writes.add(threads.get(t)[i]);
                    }
                }
            }
            return writes;
        }

        long count() {
            long count = 0;
            for (int t = 0; t < threads.size(); t++) {
                count += to[t] - from[t];
            }
            return count;
        }
    }

    /**
     * The read's {@link #of sources} that can still give it a new value in a seed: not one whose
     * visibility must follow the read, nor one that a write the prefix must hold overwrites (in the
     * {@link PrefixPast} of the read's predecessors, or the whole trace for a final read). Both are
     * necessary for a satisfiable query, so only queries the solver would refute are dropped. Each
     * thread's remaining writes stay one range: both conditions hold on a prefix or suffix of its
     * writes. Reads that may forward from their buffer keep all.
     */
    Sources possible(int read, PrefixPast past) {
        Sources sources = of(read);
        boolean finalRead = model.isFinalRead(read);
        if (!finalRead && mhb.forwardingSource(read) >= 0) {
            return sources;
        }
        int[] required = finalRead ? null : past.ofAll(mhb.predecessors(read));
        List<int[]> threads = sources.threads();
        List<Integer> lastRequired = new ArrayList<>();
        for (int[] threadWrites : threads) {
            int held = finalRead ? threadWrites.length : firstNot(threadWrites, 0, w -> past.contains(required, mhb.visibility(w)));
            if (held > 0) {
                lastRequired.add(mhb.visibility(threadWrites[held - 1]));
            }
        }
        int[] from = sources.from().clone();
        int[] to = sources.to().clone();
        for (int t = 0; t < threads.size(); t++) {
            int[] threadWrites = threads.get(t);
            for (int last : lastRequired) {
                int[] overwritten = past.of(last);
                from[t] = Math.max(from[t], firstNot(threadWrites, 0, w -> mhb.visibility(w) != last && past.contains(overwritten, mhb.visibility(w))));
            }
            if (!finalRead) {
                to[t] = Math.min(to[t], firstNot(threadWrites, 0, w -> !past.contains(past.of(mhb.visibility(w)), read)));
            }
            to[t] = Math.max(to[t], from[t]);
        }
        return new Sources(read, threads, from, to, sources.initialPossible() && lastRequired.isEmpty());
    }

    /** For a read that does not forward from its buffer: the visibility event of the only write that can give it its trace value, else -1. */
    int onlySourceVisibility(int read) {
        if (!trace.get(read).readsLocation() || mhb.forwardingSource(read) >= 0) {
            return -1;
        }
        long value = trace.get(read).value();
        Sources sources = of(read);
        Long initial = trace.initialValue(model.addressRead(read));
        if (initial != null && initial == value && sources.initialPossible()) {
            return -1;
        }
        int only = -1;
        List<Map<Long, int[]>> slotsByValue = writeSlotsByValue().get(model.addressRead(read));
        for (int t = 0; t < sources.threads().size(); t++) {
            int[] slots = slotsByValue.get(t).getOrDefault(value, new int[0]);
            int[] threadWrites = sources.threads().get(t);
            int from = sources.from()[t];
            for (int k = firstNot(slots, 0, slot -> slot < from); k < slots.length && slots[k] < sources.to()[t]; k++) {
                if (threadWrites[slots[k]] != read) {
                    if (only >= 0) {
                        return -1;
                    }
                    only = threadWrites[slots[k]];
                }
            }
        }
        return only < 0 ? -1 : mhb.visibility(only);
    }

    /** The first index from {@code from} on where {@code holds} fails, for a predicate that holds on a prefix of {@code writes}. */
    private static int firstNot(int[] writes, int from, IntPredicate holds) {
        int low = from;
        int high = writes.length;
        while (low < high) {
            int middle = (low + high) >>> 1;
            if (holds.test(writes[middle])) {
                low = middle + 1;
            } else {
                high = middle;
            }
        }
        return low;
    }

    /**
     * Φ_value: the read returns {@code value}, through a write visible before {@code anchor} (the
     * read itself, or the cut for a seed's target) with no other visible write to the address in
     * between — or through the initial value when no write is visible before it — or, under
     * TSO/PSO, by store forwarding from its own thread's latest buffered write while that is not
     * yet flushed.
     */
    Formula readsValue(int read, long value, int anchor) {
        int own = model.isFinalRead(read) ? -1 : mhb.forwardingSource(read);
        if (own < 0) {
            return fromMemory(read, value, anchor);
        }
        int flush = mhb.visibility(own);
        boolean ownValue = trace.get(own).writtenValue() == value;
        if (flush < 0) {
            return ownValue ? Formula.TRUE : Formula.FALSE;
        }
        Formula forwarded = ownValue && !model.precedes(flush, read) ? model.atom(read, flush) : Formula.FALSE;
        Formula flushed = CausalModel.all(List.of(model.visibleBefore(flush, anchor), fromMemory(read, value, anchor)));
        return CausalModel.any(List.of(forwarded, flushed));
    }

    private Formula fromMemory(int read, long value, int anchor) {
        Sources readable = of(read);
        List<Integer> candidates = readable.writes();
        List<Formula> options = new ArrayList<>();
        Long initial = trace.initialValue(model.addressRead(read));
        if (initial != null && initial == value && readable.initialPossible()) {
            options.add(noWriteVisibleBefore(read, candidates));
        }
        for (int w : candidates) {
            if (trace.get(w).locationValue() == value) {
                options.add(lastVisibleBefore(read, w, candidates, anchor));
            }
        }
        return CausalModel.any(options);
    }

    /** @param candidates the read's {@link #of sources}, when none is visible before it in every execution */
    private Formula noWriteVisibleBefore(int read, List<Integer> candidates) {
        return CausalModel.all(candidates.stream().map(w -> model.atom(read, mhb.visibility(w))).toList());
    }

    private Formula lastVisibleBefore(int read, int write, List<Integer> candidates, int anchor) {
        int visible = mhb.visibility(write);
        List<Formula> parts = new ArrayList<>();
        parts.add(model.visibleBefore(visible, anchor));
        // Threads with a candidate that must follow the write: the read precedes that one, hence the thread's later ones.
        Set<Integer> followingThreads = new HashSet<>();
        for (int other : candidates) {
            int otherVisible = mhb.visibility(other);
            if (other == write || model.precedes(otherVisible, visible)) {
                continue;
            }
            if (!model.precedes(visible, otherVisible)) {
                parts.add(CausalModel.any(List.of(model.atom(otherVisible, visible), model.atom(read, otherVisible))));
            } else if (model.precedes(otherVisible, read)) {
                return Formula.FALSE;
            } else if (followingThreads.add(trace.get(other).thread())) {
                parts.add(model.atom(read, otherVisible));
            }
        }
        return CausalModel.all(parts);
    }

    /** Built on first use: only the prefix's past needs it, and a model built to predict races asks no query. */
    private Map<Address, List<Map<Long, int[]>>> writeSlotsByValue() {
        if (writeSlotsByValue == null) {
            writeSlotsByValue = new HashMap<>();
            visibleWritesByThread.forEach((address, threads) -> writeSlotsByValue.put(address, threads.stream().map(threadWrites -> {
                Map<Long, List<Integer>> slots = new HashMap<>();
                for (int i = 0; i < threadWrites.length; i++) {
                    slots.computeIfAbsent(trace.get(threadWrites[i]).locationValue(), v -> new ArrayList<>()).add(i);
                }
                Map<Long, int[]> asArrays = new HashMap<>();
                slots.forEach((value, positions) -> asArrays.put(value, positions.stream().mapToInt(Integer::intValue).toArray()));
                return asArrays;
            }).toList()));
        }
        return writeSlotsByValue;
    }
}
