package dev.weft.causal;

import dev.weft.solver.Answer;
import dev.weft.solver.Formula;
import dev.weft.solver.QueryLimits;
import dev.weft.solver.OrderSolver;
import dev.weft.trace.Address;
import dev.weft.trace.Choice;
import dev.weft.trace.Event;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.Trace;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntPredicate;
import java.util.function.Supplier;

/**
 * Predictive data races: asks the solver, from one trace, whether two conflicting accesses can run
 * one right after the other in some execution of the trace's causal model.
 *
 * <p>Implements the race check of the MCR talk slides ("Checking data races": Φ_sync ∧ (O_a = O_b) ∧
 * Φ_rw(a) ∧ Φ_rw(b)). The order solver only knows strict orders, so "O_a = O_b" is encoded as: a and
 * b are both their threads' next step right after the cut ({@link CausalModel#nextAfterPrefix}),
 * everything either must follow is before the cut. The base constraints then give exactly the
 * slides' other conjuncts: every event before the cut satisfies Φ_sync (must-happen-before, lock
 * exclusion between acquires before the cut) and every read before it returns its trace value
 * (Φ_rw of both accesses, which needs nothing else). So the prefix is a feasible execution at whose
 * end both accesses are enabled: running a, then b, makes them adjacent, which is what "the same
 * position" means. This is stronger than "neither is forced before the other" (which lock
 * exclusion or data validity can still rule out) and needs no equality atom.
 *
 * <p>Departures: one query per pair of program locations (not per pair of events) that is not
 * already known to race, its instances joined in one disjunction, up to a budget per trace; the
 * accesses' own values are free (a write's value or a read's result does not decide whether the two
 * can meet); and each answer comes with a witness schedule ({@link Seeds#seed}) so that a run can
 * show the race, as every reported bug must replay.
 */
public final class RaceQueries {

    /** What the caller already knows, and what it learns. */
    public interface Listener {
        /** True when the program locations of these two accesses are already known to race: they are not asked about. */
        boolean known(Event first, Event second);

        /** The solver found that these two accesses can be adjacent; {@code witness} is a schedule prefix that runs them one after the other. */
        void predicted(Event first, Event second, List<Choice> witness);
    }

    /**
     * @param queries how many queries were asked
     * @param unknown how many of them hit the solver's limits (neither a race nor ruled out)
     * @param skipped candidate location pairs left unasked because the budget ran out, the model is too large to ask
     *                ({@link CausalModel#LARGEST_ENCODING}) or the caller's stop ({@link QueryLimits#stop()}) held
     */
    public record Outcome(int queries, int unknown, int skipped) {
        public static final Outcome NONE = new Outcome(0, 0, 0);
    }

    /** Accesses of one thread at one location to one address, alike for the race conditions. */
    private record AccessKind(Address address, int thread, int location, boolean writes, boolean plain) {
        boolean conflictsWith(AccessKind other) {
            return thread != other.thread && (writes || other.writes) && (plain || other.plain);
        }
    }

    /** One way a candidate location pair can race: an instance of {@code first} and one of {@code second} meet. */
    private record Option(List<Integer> first, List<Integer> second) {
    }

    private final CausalModel model;
    private final MustHappenBefore mhb;
    private final Map<Integer, Formula> nextAfterPrefix = new HashMap<>();

    private RaceQueries(CausalModel model) {
        this.model = model;
        this.mhb = model.mustHappenBefore();
    }

    /**
     * Asks a solver from {@code solvers} about at most {@code budget} location pairs of
     * {@code trace}, in the order their accesses first appear. The trace's causal model is built
     * without a fixed prefix (any execution of it counts), and only when some pair is left to ask.
     */
    public static Outcome ask(Trace trace, MemoryModel memoryModel, Supplier<OrderSolver> solvers, QueryLimits limits, int budget,
                              Listener listener) {
        Map<AccessKind, List<Integer>> kinds = accessKinds(trace);
        Map<List<Integer>, List<AccessKind[]>> conflicts = conflicts(kinds);
        conflicts.values().removeIf(pairs -> known(trace, kinds, pairs.get(0), listener));
        if (conflicts.isEmpty()) {
            return Outcome.NONE;
        }
        CausalModel model = new CausalModel(trace, memoryModel, new BitSet(), 0);
        RaceQueries queries = new RaceQueries(model);
        Map<List<Integer>, List<Option>> candidates = queries.unordered(kinds, conflicts);
        if (candidates.isEmpty()) {
            return Outcome.NONE;
        }
        if (model.encodingSize() > CausalModel.LARGEST_ENCODING) {
            return new Outcome(0, 0, candidates.size());
        }
        try (OrderSolver solver = solvers.get()) {
            return queries.askAll(candidates, solver, limits, budget, listener);
        }
    }

    private Outcome askAll(Map<List<Integer>, List<Option>> candidates, OrderSolver solver, QueryLimits limits, int budget, Listener listener) {
        Trace trace = model.trace();
        for (Formula constraint : model.baseConstraints()) {
            solver.add(constraint);
        }
        int asked = 0;
        int unknown = 0;
        int skipped = 0;
        for (List<Option> options : candidates.values()) {
            Option sample = options.get(0);
            if (listener.known(trace.get(sample.first().get(0)), trace.get(sample.second().get(0)))) {
                continue;
            }
            Formula query = CausalModel.any(options.stream().map(o -> CausalModel.all(List.of(anyNext(o.first()), anyNext(o.second())))).toList());
            if (query == Formula.FALSE) {
                continue;
            }
            if (asked == budget || limits.stopped()) {
                skipped++;
                continue;
            }
            asked++;
            Answer answer = solver.check(List.of(query), limits);
            switch (answer.status()) {
                case SAT -> report(options, answer.order(), listener);
                // A query the caller's stop cut short was not answered within the solver's limit: it counts as not asked.
                case UNKNOWN -> {
                    if (limits.stopped()) {
                        skipped++;
                    } else {
                        unknown++;
                    }
                }
                case UNSAT -> {
                }
            }
        }
        return new Outcome(asked, unknown, skipped);
    }

    /** The trace's accesses with a source location, by kind, each kind's events in program order. */
    private static Map<AccessKind, List<Integer>> accessKinds(Trace trace) {
        Map<AccessKind, List<Integer>> kinds = new LinkedHashMap<>();
        for (Event e : trace.events()) {
            if (e.accessesMemory() && e.location() >= 0) {
                kinds.computeIfAbsent(new AccessKind(e.address(), e.thread(), e.location(), e.wrote(), e.isPlainAccess()),
                        k -> new ArrayList<>()).add(e.index());
            }
        }
        return kinds;
    }

    /**
     * Pairs of access kinds that conflict (same address, different threads, at least one a write,
     * at least one plain), by pair of program locations (the two location ids, smaller first).
     */
    private static Map<List<Integer>, List<AccessKind[]>> conflicts(Map<AccessKind, List<Integer>> kinds) {
        Map<Address, List<AccessKind>> byAddress = new LinkedHashMap<>();
        kinds.keySet().forEach(k -> byAddress.computeIfAbsent(k.address(), a -> new ArrayList<>()).add(k));
        Map<List<Integer>, List<AccessKind[]>> conflicts = new LinkedHashMap<>();
        for (List<AccessKind> sameAddress : byAddress.values()) {
            for (int i = 0; i < sameAddress.size(); i++) {
                for (int j = i + 1; j < sameAddress.size(); j++) {
                    AccessKind one = sameAddress.get(i);
                    AccessKind two = sameAddress.get(j);
                    if (one.conflictsWith(two)) {
                        List<Integer> locations = List.of(Math.min(one.location(), two.location()), Math.max(one.location(), two.location()));
                        conflicts.computeIfAbsent(locations, k -> new ArrayList<>()).add(new AccessKind[] {one, two});
                    }
                }
            }
        }
        return conflicts;
    }

    private static boolean known(Trace trace, Map<AccessKind, List<Integer>> kinds, AccessKind[] pair, Listener listener) {
        return listener.known(trace.get(kinds.get(pair[0]).get(0)), trace.get(kinds.get(pair[1]).get(0)));
    }

    /**
     * The candidates: for each conflicting location pair, the ways its accesses can meet, keeping
     * only instances that must-happen-before leaves unordered with some instance on the other side.
     */
    private Map<List<Integer>, List<Option>> unordered(Map<AccessKind, List<Integer>> kinds, Map<List<Integer>, List<AccessKind[]>> conflicts) {
        Map<List<Integer>, List<Option>> candidates = new LinkedHashMap<>();
        conflicts.forEach((locations, pairs) -> {
            for (AccessKind[] pair : pairs) {
                List<Integer> first = withUnorderedPartner(kinds.get(pair[0]), kinds.get(pair[1]));
                List<Integer> second = withUnorderedPartner(kinds.get(pair[1]), kinds.get(pair[0]));
                if (!first.isEmpty() && !second.isEmpty()) {
                    candidates.computeIfAbsent(locations, k -> new ArrayList<>()).add(new Option(first, second));
                }
            }
        });
        return candidates;
    }

    /**
     * The events of {@code these} that some event of {@code others} (one thread's, in program order)
     * is unordered with. Must-happen-before extends program order, so the events of {@code others}
     * before an event form a prefix and those after it a suffix: two binary searches find the rest.
     */
    private List<Integer> withUnorderedPartner(List<Integer> these, List<Integer> others) {
        List<Integer> kept = new ArrayList<>();
        for (int e : these) {
            int firstNotBefore = firstWhere(others, o -> !mhb.precedes(o, e));
            int firstAfter = firstWhere(others, o -> mhb.precedes(e, o));
            if (firstNotBefore < firstAfter) {
                kept.add(e);
            }
        }
        return kept;
    }

    /** The first index of {@code events} at which {@code test}, false on a prefix and true after it, holds; the size when nowhere. */
    private static int firstWhere(List<Integer> events, IntPredicate test) {
        int low = 0;
        int high = events.size();
        while (low < high) {
            int middle = (low + high) >>> 1;
            if (test.test(events.get(middle))) {
                high = middle;
            } else {
                low = middle + 1;
            }
        }
        return low;
    }

    private Formula anyNext(List<Integer> events) {
        return CausalModel.any(events.stream().map(this::next).toList());
    }

    private Formula next(int event) {
        return nextAfterPrefix.computeIfAbsent(event, e -> CausalModel.all(model.nextAfterPrefix(e)));
    }

    /** Tells the listener which two instances the solver's order makes adjacent, with the witness schedule. */
    private void report(List<Option> options, int[] order, Listener listener) {
        int[] position = new int[Arrays.stream(order).max().orElse(0) + 1];
        Arrays.fill(position, Integer.MAX_VALUE);
        for (int i = 0; i < order.length; i++) {
            position[order[i]] = i;
        }
        for (Option option : options) {
            int first = nextInOrder(option.first(), position);
            int second = nextInOrder(option.second(), position);
            if (first >= 0 && second >= 0) {
                Seed witness = Seeds.seed(model, new SeedQuery.Race(first, second), order, false);
                listener.predicted(model.trace().get(first), model.trace().get(second), witness.schedule());
                return;
            }
        }
        throw new IllegalStateException("the solver's order makes no two of the asked accesses adjacent");
    }

    private int nextInOrder(List<Integer> events, int[] position) {
        for (int e : events) {
            if (next(e).holdsIn(position)) {
                return e;
            }
        }
        return -1;
    }

}
