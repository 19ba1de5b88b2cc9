package dev.weft.causal;

import dev.weft.solver.Answer;
import dev.weft.solver.Formula;
import dev.weft.solver.QueryLimits;
import dev.weft.solver.OrderSolver;
import dev.weft.trace.Address;
import dev.weft.trace.Choice;
import dev.weft.trace.Event;
import dev.weft.trace.EventKind;
import dev.weft.trace.Trace;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * Seed generation (mcr-systematic-testing §3.3, mcr-tso-pso §2.2): every query of a causal model is
 * solved against the trace's base constraints, added to the solver once; each satisfiable answer
 * becomes a seed interleaving made of the events the new state needs — the events the run's own
 * seed forced, and the causal past of the target, in the solver's order — so the seed is as short
 * as the paper asks.
 */
public final class Seeds {

    /**
     * @param seeds   one per satisfiable query, in query order
     * @param queries how many queries were asked
     * @param unknown how many queries hit the solver's limits (the exploration is then incomplete)
     * @param stopped true when the deadline passed before every query was asked (incomplete too)
     */
    public record Outcome(List<Seed> seeds, int queries, int unknown, boolean stopped) {
    }

    private Seeds() {
    }

    /**
     * Asks {@code solver} (fresh, used for this trace only) every query of {@code model}, unless
     * {@code timeUp} says to stop.
     */
    public static Outcome generate(CausalModel model, OrderSolver solver, QueryLimits limits, BooleanSupplier timeUp) {
        for (Formula constraint : model.baseConstraints()) {
            solver.add(constraint);
        }
        List<Formula> prefixKept = model.prefixKept();
        List<Seed> seeds = new ArrayList<>();
        int asked = 0;
        int unknown = 0;
        for (SeedQuery query : model.queries()) {
            if (timeUp.getAsBoolean()) {
                return new Outcome(seeds, asked, unknown, true);
            }
            if (query instanceof SeedQuery.StepBeforeEnd q) {
                seeds.add(model.endOrder().stepBeforeEnd(q));
                continue;
            }
            List<Formula> assumptions = model.assumptions(query);
            if (assumptions.contains(Formula.FALSE)) {
                continue;
            }
            asked++;
            Answer answer = model.check(solver, keeping(prefixKept, assumptions), limits);
            boolean leavesPrefix = answer.status() == Answer.Status.UNSAT && mayLeaveThePrefix(model, query);
            if (leavesPrefix) {
                asked++;
                answer = model.check(solver, assumptions, limits);
            }
            switch (answer.status()) {
                case SAT -> seeds.add(seed(model, query, answer.order(), leavesPrefix));
                case UNKNOWN -> {
                    if (timeUp.getAsBoolean()) {
                        // Cut short by the deadline, not undecidable within the query's limits.
                        return new Outcome(seeds, asked, unknown, true);
                    }
                    unknown++;
                }
                case UNSAT -> {
                }
            }
        }
        return new Outcome(seeds, asked, unknown, false);
    }

    /** A query's assumptions with the fixed prefix's (made once per model, not once per query). */
    private static List<Formula> keeping(List<Formula> prefixKept, List<Formula> assumptions) {
        if (prefixKept.isEmpty()) {
            return assumptions;
        }
        List<Formula> all = new ArrayList<>(assumptions);
        all.addAll(prefixKept);
        return all;
    }

    /**
     * Whether a query the fixed prefix makes unsatisfiable is asked again with the fixed events free to follow the cut
     * (CausalModel's class comment): a new value or outcome, in a model whose run's seed forced events but not the run's end.
     */
    private static boolean mayLeaveThePrefix(CausalModel model, SeedQuery query) {
        return (query instanceof SeedQuery.NewValue || query instanceof SeedQuery.NewOutcome) && model.hasFixed() && !model.endFixed();
    }

    /**
     * The seed's choices: the needed events in the solver's order; for a new value of a read that
     * the solver placed after every other needed event, the operations that came before the read in
     * the trace and can still happen as they did ({@link TraceOrderExtension}) before the read; for a
     * race, the two accesses last. Only events a choice performed
     * ({@link Event#CHOSEN}) become choices; the others come with those choices.
     */
    static Seed seed(CausalModel model, SeedQuery query, int[] order, boolean leavesPrefix) {
        Trace trace = model.trace();
        int[] position = new int[Math.max(trace.size() + 1, Arrays.stream(order).max().orElse(0) + 1)];
        Arrays.fill(position, Integer.MAX_VALUE);
        for (int i = 0; i < order.length; i++) {
            position[order[i]] = i;
        }
        MustHappenBefore mhb = model.mustHappenBefore();
        List<Integer> roots = new ArrayList<>();
        if (query instanceof SeedQuery.NewValue q && model.isFinalRead(q.read())) {
            for (int e = 0; e < trace.size(); e++) {
                roots.add(e);
            }
        } else if (query instanceof SeedQuery.NewValue q) {
            roots.add(q.read());
        } else if (query instanceof SeedQuery.LockInversion q) {
            roots.add(mhb.previousInThread(q.first()));
            roots.add(mhb.previousInThread(q.second()));
        } else if (query instanceof SeedQuery.AbandonedLockFirst q) {
            roots.add(q.abandoned());
            roots.add(mhb.previousInThread(q.waiting()));
        } else if (query instanceof SeedQuery.EndBefore q) {
            roots.addAll(model.endOrder().roots(q));
        } else if (query instanceof SeedQuery.Race q) {
            // Not the accesses themselves: what a read reads after the cut is not the prefix's business.
            for (int access : new int[] {q.first(), q.second()}) {
                for (int p : mhb.predecessors(access)) {
                    roots.add(p);
                }
            }
        } else if (query instanceof SeedQuery.NewOutcome q) {
            // Not the step itself, which comes last: what it waited for in the trace need not come before it now.
            for (int p : mhb.predecessorsOfAnyReturn(q.step())) {
                roots.add(p);
            }
        } else {
            SeedQuery.LostNotify q = (SeedQuery.LostNotify) query;
            roots.add(q.waitEvent());
            roots.add(q.notifyEvent());
        }
        int target = query instanceof SeedQuery.NewValue q ? q.read() : -1;
        long targetValue = query instanceof SeedQuery.NewValue q ? q.value() : 0;
        boolean[] needed = neededEvents(model, roots, order, position, target, targetValue, query);
        List<Integer> events = new ArrayList<>();
        for (int e = 0; e < trace.size(); e++) {
            if (needed[e]) {
                if (position[e] == Integer.MAX_VALUE) {
                    throw new IllegalStateException("solver answer does not place event " + e);
                }
                events.add(e);
            }
        }
        events.sort(Comparator.comparingInt(e -> position[e]));
        List<Integer> extras = List.of();
        boolean targetLast = target >= 0 && events.get(events.size() - 1) == target;
        if (targetLast && !model.isFinalRead(target)) {
            events.remove(Integer.valueOf(target));
            extras = new TraceOrderExtension(model, events, target).extras();
            events.addAll(extras);
            events.add(target);
        } else if (query instanceof SeedQuery.Race q) {
            events.add(q.first());
            events.add(q.second());
        } else if (query instanceof SeedQuery.NewOutcome q) {
            events.add(q.step());
        }
        boolean[] forcedEvents = query instanceof SeedQuery.NewValue || query instanceof SeedQuery.EndBefore ? causalPast(model, roots, position) : needed;
        if (query instanceof SeedQuery.NewOutcome q) {
            forcedEvents = causalPast(model, roots, position);
            forcedEvents[q.step()] = true;
        }
        List<Choice> choices = new ChoiceRuns();
        BitSet forced = new BitSet();
        Region.Builder region = new Region.Builder(trace, model.ordinals());
        Region.Builder prefix = new Region.Builder(trace, model.ordinals());
        for (int e : events) {
            Event event = trace.get(e);
            boolean chosen = event.has(Event.CHOSEN);
            dev.weft.trace.Outcome outcome = query instanceof SeedQuery.NewOutcome q && q.step() == e ? q.outcome() : event.outcome();
            boolean stepped = chosen || query instanceof SeedQuery.EndBefore && (e == endWithoutChoice(model) || event.kind() == EventKind.FLUSH);
            if (stepped) {
                // An end that came with its thread's last step gets a choice of its own: in this seed's run another thread may be able to move then.
                // So does a flush a later step of its thread drained: that step may be cut off now, and the flush must still happen.
                choices.add(choiceOf(event, outcome));
            }
            Long observed = observed(event, query, target, targetValue);
            prefix.add(e, observed);
            if (forcedEvents[e]) {
                if (stepped) {
                    forced.set(choices.size() - 1);
                }
                region.add(e, observed);
            }
        }
        if (query instanceof SeedQuery.EndBefore q) {
            region.cutBefore(q.event());
            prefix.cutBefore(q.event());
            Set<Integer> stopped = model.endOrder().stoppedBy(trace.get(q.event()).thread());
            region.stop(stopped);
            prefix.stop(stopped);
        } else if (model.endFixed()) {
            // Only an end every seed of the trace keeps stops threads; otherwise the seed's run goes on past its prefix.
            for (Region.Builder kept : List.of(region, prefix)) {
                kept.stop(model.endProgress().stopped());
                kept.grow(model.endProgress().growing());
            }
        }
        int finalReadsFixed = query instanceof SeedQuery.NewValue q ? model.finalReadsFixedBy(q.read()) : 0;
        if (finalReadsFixed > 0) {
            List<Long> values = new ArrayList<>();
            for (int i = 0; i < finalReadsFixed - 1; i++) {
                values.add(model.valueRead(model.cut() + 1 + i));
            }
            values.add(targetValue);
            region.fixFinalValues(model.finalReadAddresses().subList(0, finalReadsFixed), values);
            prefix.fixFinalValues(model.finalReadAddresses().subList(0, finalReadsFixed), values);
        }
        return new Seed(query, choices, forced, region.build(), prefix.build(), finalReadsFixed, leavesPrefix);
    }

    /** The choice that performs a trace event as the trace shows it: a step of its thread returning as it did, or the flush it is. */
    static Choice choiceOf(Event event) {
        return choiceOf(event, event.outcome());
    }

    private static Choice choiceOf(Event event, dev.weft.trace.Outcome outcome) {
        return event.kind() == EventKind.FLUSH ? Choice.flush(event.thread(), event.address()) : Choice.step(event.thread(), outcome);
    }

    /** The run's ending event when no choice of its own performed it in the trace (it came with its thread's last step); else -1. */
    private static int endWithoutChoice(CausalModel model) {
        EndOrder end = model.endOrder();
        return end != null && !model.trace().get(end.end()).has(Event.CHOSEN) ? end.end() : -1;
    }

    /** What a seed asks {@code event}'s thread to observe there ({@link Region#observed}): the target's new value or way to return, else what the trace shows. */
    private static Long observed(Event event, SeedQuery query, int target, long targetValue) {
        if (event.index() == target) {
            return targetValue;
        }
        if (query instanceof SeedQuery.NewOutcome q && q.step() == event.index()) {
            return (long) q.outcome().seenBy(BlockingSteps.call(event)).ordinal();
        }
        return Region.observed(event);
    }

    /**
     * What a new-value seed forces: the run's forced events and the target's causal past (the
     * fixed prefix and the roots, closed under must-happen-before). The writes the needed reads
     * read, the releases that let needed acquires happen and the writes that let busy-wait steps
     * go on are the solver's way to the new state, not part of it, so they stay free: a later seed
     * may give their reads other values. Departure from mcr-tso-pso §2.2, whose seed keeps its
     * whole prefix: a state where the target reads its value from another write, after a helper's
     * thread took another path, would be outside every seed below this one.
     */
    static boolean[] causalPast(CausalModel model, List<Integer> roots) {
        return causalPast(model, roots, null);
    }

    /** As above, for a solver's order ({@code position} of each event; null: every fixed event is before the cut). */
    private static boolean[] causalPast(CausalModel model, List<Integer> roots, int[] position) {
        boolean[] past = new boolean[model.trace().size()];
        Deque<Integer> pending = new ArrayDeque<>();
        for (int e = 0; e < past.length; e++) {
            if (position == null ? model.isFixed(e) : fixedBeforeTheCut(model, e, position)) {
                mark(e, past, pending);
            }
        }
        roots.forEach(e -> mark(e, past, pending));
        while (!pending.isEmpty()) {
            for (int p : model.mustHappenBefore().predecessors(pending.pop())) {
                mark(p, past, pending);
            }
        }
        return past;
    }

    /**
     * The fixed prefix and the roots, closed under: must-happen-before; for each needed read that
     * does not read its value from its own buffer, the write it reads in the solver's order and its
     * own earlier write's flush (without which it would read its buffer instead); for a needed LOOP
     * event, the write that lets it happen; and, for two holdings of a lock whose acquires are both
     * needed, the release of the earlier one.
     */
    private static boolean[] neededEvents(CausalModel model, List<Integer> roots, int[] order, int[] position, int target, long targetValue,
                                          SeedQuery query) {
        int[] sourceInOrder = sourcesInOrder(model, order);
        Trace trace = model.trace();
        MustHappenBefore mhb = model.mustHappenBefore();
        BlockingSteps blocking = model.blockingSteps();
        boolean[] needed = new boolean[trace.size()];
        Deque<Integer> pending = new ArrayDeque<>();
        for (int e = 0; e < trace.size(); e++) {
            if (fixedBeforeTheCut(model, e, position)) {
                mark(e, needed, pending);
            }
        }
        roots.forEach(e -> mark(e, needed, pending));
        if (query instanceof SeedQuery.NewOutcome q) {
            blocking.witnesses(q.step(), q.outcome(), model.cut(), position, sourceInOrder, w -> mark(w, needed, pending));
        }
        boolean grew = true;
        while (grew) {
            while (!pending.isEmpty()) {
                int e = pending.pop();
                for (int p : mhb.predecessors(e)) {
                    mark(p, needed, pending);
                }
                if (BlockingSteps.isStep(trace.get(e))) {
                    blocking.witnesses(e, BlockingSteps.seen(trace.get(e)), e, position, sourceInOrder, w -> mark(w, needed, pending));
                }
                if (trace.get(e).readsLocation()) {
                    int own = mhb.forwardingSource(e);
                    long value = e == target ? targetValue : trace.get(e).value();
                    int ownFlush = own >= 0 ? mhb.visibility(own) : -1;
                    // Where the solver's order flushed the own write first, the read takes its value from memory.
                    boolean forwarded = own >= 0 && trace.get(own).locationValue() == value
                            && (ownFlush < 0 || position[ownFlush] > position[e]);
                    if (!forwarded) {
                        if (ownFlush >= 0) {
                            mark(ownFlush, needed, pending);
                        }
                        mark(sourceInOrder[e], needed, pending);
                    }
                }
                List<int[]> guard = model.loopGuard(e);
                if (guard != null) {
                    int unblocking = justifyingWrite(model, e, guard, position);
                    if (unblocking < 0) {
                        throw new IllegalStateException("solver answer leaves busy-wait step " + e + " held");
                    }
                    mark(unblocking, needed, pending);
                }
            }
            grew = false;
            for (List<LockPair> holdings : model.locks().values()) {
                for (LockPair held : heldBeforeExcludedAcquire(holdings, needed, position)) {
                    if (held.release() >= 0 && !needed[held.release()]) {
                        mark(held.release(), needed, pending);
                        grew = true;
                    }
                }
            }
        }
        return needed;
    }

    /**
     * The needed holdings of one lock that a needed holding they exclude acquires after, in the
     * solver's order. One pass from the latest acquire back, remembering later holdings of at most
     * two threads per kind (one of them is another thread's), so a long trace's thousands of
     * holdings cost a sort, not every pair.
     */
    private static List<LockPair> heldBeforeExcludedAcquire(List<LockPair> holdings, boolean[] needed, int[] position) {
        List<LockPair> acquired = holdings.stream().filter(h -> needed[h.acquire()])
                .sorted(Comparator.comparingInt(h -> position[h.acquire()])).toList();
        List<LockPair> laterExclusive = new ArrayList<>(2);
        List<LockPair> laterShared = new ArrayList<>(2);
        List<LockPair> held = new ArrayList<>();
        for (int i = acquired.size() - 1; i >= 0; i--) {
            LockPair holding = acquired.get(i);
            if (laterExclusive.stream().anyMatch(holding::excludes) || laterShared.stream().anyMatch(holding::excludes)) {
                held.add(holding);
            }
            List<LockPair> later = holding.shared() ? laterShared : laterExclusive;
            if (later.size() < 2 && later.stream().noneMatch(h -> h.thread() == holding.thread())) {
                later.add(holding);
            }
        }
        return held;
    }

    /** For each read of the trace: the visibility event of the write to its address last visible before it in the solver's order, or -1. */
    private static int[] sourcesInOrder(CausalModel model, int[] order) {
        Trace trace = model.trace();
        int[] sources = new int[trace.size()];
        Arrays.fill(sources, -1);
        Map<Address, Integer> lastVisible = new HashMap<>();
        for (int e : order) {
            if (e >= trace.size()) {
                continue;
            }
            Event event = trace.get(e);
            if (event.readsLocation()) {
                sources[e] = lastVisible.getOrDefault(event.address(), -1);
            }
            int write = model.writeMadeVisibleBy(e);
            if (write >= 0) {
                lastVisible.put(trace.get(write).address(), e);
            }
        }
        return sources;
    }

    /** The visibility event of a write that, in the solver's order, lets busy-wait step {@code step} happen; -1 if none does. */
    private static int justifyingWrite(CausalModel model, int step, List<int[]> options, int[] position) {
        // Before the cut too: for the target, which comes after it, a write between the two is not in the seed.
        return SpinGuards.justifyingWrite(model.mustHappenBefore(), options, position, Math.min(position[step], position[model.cut()]));
    }

    /** A fixed event the solver's order placed before the cut (where a query was asked again without the prefix, some follow it). */
    private static boolean fixedBeforeTheCut(CausalModel model, int e, int[] position) {
        return model.isFixed(e) && position[e] < position[model.cut()];
    }

        private static void mark(int e, boolean[] needed, Deque<Integer> pending) {
        if (e >= 0 && !needed[e]) {
            needed[e] = true;
            pending.push(e);
        }
    }
}
