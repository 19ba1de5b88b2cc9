package dev.weft.causal;

import dev.weft.solver.Formula;
import dev.weft.trace.Address;
import dev.weft.trace.Event;
import dev.weft.trace.EventKind;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.Trace;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The maximal causal model of one trace as order constraints over one variable per event
 * (mcr-systematic-testing §3.2; mcr-tso-pso §2.3 and, for TSO/PSO, §4.1): must-happen-before,
 * lock mutual exclusion and data validity, plus the queries for new seeds (§3.3).
 *
 * <p>Departure from the papers' recursive Φ_validity: one extra order variable, the <em>cut</em>
 * (numbered {@code trace.size()}), marks the end of the seed prefix. Every read ordered before the
 * cut must return its trace value through a write visible before it, with no other write in
 * between. Because every write a prefix read uses is itself before the cut, and everything that
 * must happen before that write is too, this says exactly what the recursive formula says (every
 * read that must happen before the chosen write or the read is valid), without the formula cycles
 * the recursion meets when a value is written more than once, and with constraints that do not
 * depend on the query, so the solver takes them once per trace. Lock constraints only bind pairs
 * whose acquires both fall before the cut, so what happens after the prefix never makes a seed
 * unsatisfiable.
 *
 * <p>Prefix preservation (mcr-tso-pso §2.2, "the prefix of each newly explored interleaving is
 * always preserved"): the first {@code fixedPrefix} events of the trace are the seed the run
 * followed; they stay first and in order in every seed built from this trace, and reads among them
 * are not targets.
 */
public final class CausalModel {
    private final Trace trace;
    private final MemoryModel memoryModel;
    private final int fixedPrefix;
    private final int cut;
    private final MustHappenBefore mhb;
    private final Map<Address, List<LockPair>> locks;
    private final Map<Address, List<Integer>> writes = new LinkedHashMap<>();
    private final Map<Long, Formula> atoms = new HashMap<>();

    /**
     * @param fixedPrefix how many leading events of {@code trace} the run was forced through (its
     *                    seed's length; 0 for a first run)
     */
    public CausalModel(Trace trace, MemoryModel memoryModel, int fixedPrefix) {
        if (fixedPrefix < 0 || fixedPrefix > trace.size()) {
            throw new IllegalArgumentException("fixed prefix " + fixedPrefix + " outside a trace of " + trace.size() + " events");
        }
        this.trace = trace;
        this.memoryModel = memoryModel;
        this.fixedPrefix = fixedPrefix;
        this.cut = trace.size();
        this.mhb = new MustHappenBefore(trace, memoryModel);
        this.locks = LockPair.of(trace);
        for (Event e : trace.events()) {
            if (e.kind() != EventKind.FLUSH && e.wrote() && isMemory(e)) {
                writes.computeIfAbsent(e.address(), a -> new ArrayList<>()).add(e.index());
            }
        }
    }

    public Trace trace() {
        return trace;
    }

    public MemoryModel memoryModel() {
        return memoryModel;
    }

    public int fixedPrefix() {
        return fixedPrefix;
    }

    /** The order variable that separates the seed prefix from the rest. */
    public int cut() {
        return cut;
    }

    /** Must-happen-before, lock exclusion, validity of every read before the cut, and the fixed prefix. */
    public List<Formula> baseConstraints() {
        List<Formula> base = new ArrayList<>();
        for (int e = 0; e < trace.size(); e++) {
            for (int p : mhb.predecessors(e)) {
                base.add(atom(p, e));
            }
        }
        for (List<LockPair> pairs : locks.values()) {
            for (int i = 0; i < pairs.size(); i++) {
                for (int j = i + 1; j < pairs.size(); j++) {
                    Formula exclusion = exclusion(pairs.get(i), pairs.get(j));
                    if (exclusion != Formula.TRUE) {
                        base.add(exclusion);
                    }
                }
            }
        }
        for (Event e : trace.events()) {
            if (isMemoryRead(e)) {
                base.add(any(List.of(atom(cut, e.index()), readsValue(e.index(), e.value(), e.index()))));
            }
        }
        if (fixedPrefix > 0) {
            for (int e = 1; e < fixedPrefix; e++) {
                base.add(atom(e - 1, e));
            }
            for (int e = fixedPrefix; e <= cut; e++) {
                base.add(atom(fixedPrefix - 1, e));
            }
        } else {
            // Mentions every event, so the solver's order places each one.
            for (int e = 0; e < trace.size(); e++) {
                base.add(any(List.of(atom(e, cut), atom(cut, e))));
            }
        }
        return base;
    }

    /** Two holdings of one lock do not overlap, unless one of them starts after the prefix. */
    private Formula exclusion(LockPair a, LockPair b) {
        if (!a.excludes(b)) {
            return Formula.TRUE;
        }
        List<Formula> options = new ArrayList<>();
        for (LockPair[] order : new LockPair[][] {{a, b}, {b, a}}) {
            LockPair first = order[0];
            LockPair second = order[1];
            if (first.release() >= 0) {
                if (mhb.precedes(first.release(), second.acquire())) {
                    return Formula.TRUE;
                }
                options.add(atom(first.release(), second.acquire()));
            }
        }
        options.add(atom(cut, a.acquire()));
        options.add(atom(cut, b.acquire()));
        return any(options);
    }

    /** Memory reads after the fixed prefix: the reads a seed may give a new value. */
    public List<Integer> targetReads() {
        List<Integer> reads = new ArrayList<>();
        for (int e = fixedPrefix; e < trace.size(); e++) {
            if (isMemoryRead(trace.get(e))) {
                reads.add(e);
            }
        }
        return reads;
    }

    /** The values other than its own that {@code read}'s address holds at some point of the trace (initial value included), ascending. */
    public List<Long> otherValues(int read) {
        Event r = trace.get(read);
        TreeSet<Long> values = new TreeSet<>();
        Long initial = trace.initialValue(r.address());
        if (initial != null) {
            values.add(initial);
        }
        for (int w : writes.getOrDefault(r.address(), List.of())) {
            values.add(trace.get(w).writtenValue());
        }
        values.remove(r.value());
        return new ArrayList<>(values);
    }

    /** Every seed query of this trace: a new value for each target read, then each two-thread lock inversion. */
    public List<SeedQuery> queries() {
        List<SeedQuery> queries = new ArrayList<>();
        for (int read : targetReads()) {
            for (long value : otherValues(read)) {
                queries.add(new SeedQuery.NewValue(read, value));
            }
        }
        queries.addAll(lockInversions());
        return queries;
    }

    /** The assumptions that, with the base constraints, ask for {@code query}. */
    public List<Formula> assumptions(SeedQuery query) {
        List<Formula> assumptions = new ArrayList<>();
        if (query instanceof SeedQuery.NewValue q) {
            // The read comes right after the prefix, everything it needs before it, and the write it reads is in the prefix.
            assumptions.add(atom(cut, q.read()));
            for (int p : mhb.predecessors(q.read())) {
                assumptions.add(atom(p, cut));
            }
            assumptions.add(readsValue(q.read(), q.value(), cut));
        } else {
            SeedQuery.LockInversion q = (SeedQuery.LockInversion) query;
            for (int acquire : new int[] {q.first(), q.second()}) {
                assumptions.add(atom(mhb.previousInThread(acquire), cut));
                assumptions.add(atom(cut, acquire));
            }
        }
        return assumptions;
    }

    /**
     * Pairs of acquires that close a two-thread lock-order inversion: thread 1 holds lock A and
     * acquires B inside, thread 2 holds B and acquires A inside. Beyond the papers, which leave
     * deadlocks to future work (mcr-systematic-testing §4.4.2): lock constraints alone only admit
     * lock-consistent runs, so these are asked for explicitly.
     */
    List<SeedQuery> lockInversions() {
        List<LockPair> all = new ArrayList<>();
        locks.values().forEach(all::addAll);
        Map<Integer, LockPair> byAcquire = new HashMap<>();
        all.forEach(p -> byAcquire.put(p.acquire(), p));
        // (outer holding, inner holding) of one thread, inner acquired while outer is held
        List<LockPair[]> nestings = new ArrayList<>();
        for (LockPair outer : all) {
            int end = outer.release() >= 0 ? outer.release() : trace.size();
            for (int e = outer.acquire() + 1; e < end; e++) {
                LockPair inner = byAcquire.get(e);
                if (inner != null && inner.thread() == outer.thread() && !inner.lock().equals(outer.lock())
                        && trace.get(e).kind() == EventKind.LOCK && e >= fixedPrefix) {
                    nestings.add(new LockPair[] {outer, inner});
                }
            }
        }
        List<SeedQuery> inversions = new ArrayList<>();
        for (int i = 0; i < nestings.size(); i++) {
            for (int j = i + 1; j < nestings.size(); j++) {
                LockPair[] one = nestings.get(i);
                LockPair[] two = nestings.get(j);
                if (one[0].thread() != two[0].thread() && one[0].lock().equals(two[1].lock())
                        && one[1].lock().equals(two[0].lock()) && one[0].excludes(two[1]) && two[0].excludes(one[1])) {
                    inversions.add(new SeedQuery.LockInversion(one[1].acquire(), two[1].acquire()));
                }
            }
        }
        return inversions;
    }

    /**
     * Φ_value: the read returns {@code value}, through a write visible before {@code anchor} (the
     * read itself, or the cut for a seed's target) with no other visible write to the address in
     * between — or through the initial value when no write is visible before it — or, under
     * TSO/PSO, by store forwarding from its own thread's latest buffered write while that is not
     * yet flushed.
     */
    private Formula readsValue(int read, long value, int anchor) {
        int own = mhb.forwardingSource(read);
        if (own < 0) {
            return fromMemory(read, value, anchor);
        }
        int flush = mhb.visibility(own);
        boolean ownValue = trace.get(own).writtenValue() == value;
        if (flush < 0) {
            return ownValue ? Formula.TRUE : Formula.FALSE;
        }
        Formula forwarded = ownValue && !mhb.precedes(flush, read) ? atom(read, flush) : Formula.FALSE;
        Formula flushed = all(List.of(visibleBefore(flush, anchor), fromMemory(read, value, anchor)));
        return any(List.of(forwarded, flushed));
    }

    private Formula fromMemory(int read, long value, int anchor) {
        Address address = trace.get(read).address();
        List<Integer> candidates = writes.getOrDefault(address, List.of());
        List<Formula> options = new ArrayList<>();
        Long initial = trace.initialValue(address);
        if (initial != null && initial == value) {
            options.add(noWriteVisibleBefore(read, candidates));
        }
        for (int w : candidates) {
            int visible = mhb.visibility(w);
            if (trace.get(w).writtenValue() == value && visible >= 0 && !mhb.precedes(read, visible)) {
                options.add(lastVisibleBefore(read, w, candidates, anchor));
            }
        }
        return any(options);
    }

    private Formula noWriteVisibleBefore(int read, List<Integer> candidates) {
        List<Formula> parts = new ArrayList<>();
        for (int w : candidates) {
            int visible = mhb.visibility(w);
            if (visible < 0 || mhb.precedes(read, visible)) {
                continue;
            }
            if (mhb.precedes(visible, read)) {
                return Formula.FALSE;
            }
            parts.add(atom(read, visible));
        }
        return all(parts);
    }

    private Formula lastVisibleBefore(int read, int write, List<Integer> candidates, int anchor) {
        int visible = mhb.visibility(write);
        List<Formula> parts = new ArrayList<>();
        parts.add(visibleBefore(visible, anchor));
        for (int other : candidates) {
            int otherVisible = mhb.visibility(other);
            if (other == write || otherVisible < 0 || mhb.precedes(otherVisible, visible) || mhb.precedes(read, otherVisible)) {
                continue;
            }
            if (mhb.precedes(visible, otherVisible) && mhb.precedes(otherVisible, read)) {
                return Formula.FALSE;
            }
            parts.add(any(List.of(atom(otherVisible, visible), atom(read, otherVisible))));
        }
        return all(parts);
    }

    private Formula visibleBefore(int event, int anchor) {
        return anchor != cut && mhb.precedes(event, anchor) ? Formula.TRUE : atom(event, anchor);
    }

    /** {@code O_a < O_b}, one shared object per pair so the solver encodes it once. */
    private Formula atom(int a, int b) {
        return atoms.computeIfAbsent(((long) a << 32) | b, k -> Formula.before(a, b));
    }

    private static Formula all(List<Formula> parts) {
        List<Formula> kept = new ArrayList<>();
        for (Formula part : parts) {
            if (part == Formula.FALSE) {
                return Formula.FALSE;
            }
            if (part != Formula.TRUE) {
                kept.add(part);
            }
        }
        return kept.isEmpty() ? Formula.TRUE : Formula.and(kept);
    }

    private static Formula any(List<Formula> parts) {
        List<Formula> kept = new ArrayList<>();
        for (Formula part : parts) {
            if (part == Formula.TRUE) {
                return Formula.TRUE;
            }
            if (part != Formula.FALSE) {
                kept.add(part);
            }
        }
        return kept.isEmpty() ? Formula.FALSE : Formula.or(kept);
    }

    private static boolean isMemory(Event e) {
        return e.address() != null && e.address().isMemory();
    }

    static boolean isMemoryRead(Event e) {
        return e.reads() && isMemory(e);
    }

    MustHappenBefore mustHappenBefore() {
        return mhb;
    }

    Map<Address, List<LockPair>> locks() {
        return locks;
    }

    List<Integer> writesTo(Address address) {
        return writes.getOrDefault(address, List.of());
    }
}
