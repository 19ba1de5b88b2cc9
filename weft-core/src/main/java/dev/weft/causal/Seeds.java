package dev.weft.causal;

import dev.weft.solver.Answer;
import dev.weft.solver.Formula;
import dev.weft.solver.Limits;
import dev.weft.solver.OrderSolver;
import dev.weft.trace.Address;
import dev.weft.trace.Choice;
import dev.weft.trace.Event;
import dev.weft.trace.EventKind;
import dev.weft.trace.Trace;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Deque;
import java.util.List;

/**
 * Seed generation (mcr-systematic-testing §3.3, mcr-tso-pso §2.2): every query of a causal model is
 * solved against the trace's base constraints, added to the solver once; each satisfiable answer
 * becomes a seed interleaving made of the events the new state needs — the fixed prefix, and the
 * causal past of the target in the solver's order — so the seed is as short as the paper asks.
 */
public final class Seeds {

    /**
     * @param seeds   one per satisfiable query, in query order
     * @param queries how many queries were asked
     * @param unknown how many queries hit the solver's limits (the exploration is then incomplete)
     */
    public record Outcome(List<Seed> seeds, int queries, int unknown) {
    }

    private Seeds() {
    }

    /** Asks {@code solver} (fresh, used for this trace only) every query of {@code model}. */
    public static Outcome generate(CausalModel model, OrderSolver solver, Limits limits) {
        for (Formula constraint : model.baseConstraints()) {
            solver.add(constraint);
        }
        List<Seed> seeds = new ArrayList<>();
        int asked = 0;
        int unknown = 0;
        for (SeedQuery query : model.queries()) {
            List<Formula> assumptions = model.assumptions(query);
            if (assumptions.contains(Formula.FALSE)) {
                continue;
            }
            asked++;
            Answer answer = solver.check(assumptions, limits);
            switch (answer.status()) {
                case SAT -> seeds.add(new Seed(query, schedule(model, query, answer.order())));
                case UNKNOWN -> unknown++;
                case UNSAT -> {
                }
            }
        }
        return new Outcome(seeds, asked, unknown);
    }

    /**
     * The seed's choices: one per needed event a choice performed ({@link Event#CHOSEN}), in the
     * solver's order; the other needed events come with those choices.
     */
    static List<Choice> schedule(CausalModel model, SeedQuery query, int[] order) {
        Trace trace = model.trace();
        int[] position = new int[trace.size() + 1];
        Arrays.fill(position, Integer.MAX_VALUE);
        for (int i = 0; i < order.length; i++) {
            position[order[i]] = i;
        }
        MustHappenBefore mhb = model.mustHappenBefore();
        List<Integer> roots = new ArrayList<>();
        if (query instanceof SeedQuery.NewValue q) {
            roots.add(q.read());
        } else {
            SeedQuery.LockInversion q = (SeedQuery.LockInversion) query;
            roots.add(mhb.previousInThread(q.first()));
            roots.add(mhb.previousInThread(q.second()));
        }
        boolean[] needed = neededEvents(model, roots, position);
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
        List<Choice> choices = new ArrayList<>(events.size());
        for (int e : events) {
            Event event = trace.get(e);
            if (event.has(Event.CHOSEN)) {
                choices.add(event.kind() == EventKind.FLUSH ? Choice.flush(event.thread(), event.address()) : Choice.step(event.thread()));
            }
        }
        return choices;
    }

    /**
     * The fixed prefix and the roots, closed under: must-happen-before; the write each needed read
     * reads in the solver's order (and its own earlier write's flush, without which it would read
     * its buffer instead); and, for two holdings of a lock whose acquires are both needed, the
     * release of the earlier one.
     */
    private static boolean[] neededEvents(CausalModel model, List<Integer> roots, int[] position) {
        Trace trace = model.trace();
        MustHappenBefore mhb = model.mustHappenBefore();
        boolean[] needed = new boolean[trace.size()];
        Deque<Integer> pending = new ArrayDeque<>();
        for (int e = 0; e < model.fixedPrefix(); e++) {
            mark(e, needed, pending);
        }
        roots.forEach(e -> mark(e, needed, pending));
        boolean grew = true;
        while (grew) {
            while (!pending.isEmpty()) {
                int e = pending.pop();
                for (int p : mhb.predecessors(e)) {
                    mark(p, needed, pending);
                }
                if (CausalModel.isMemoryRead(trace.get(e))) {
                    int own = mhb.forwardingSource(e);
                    int ownFlush = own >= 0 ? mhb.visibility(own) : -1;
                    boolean forwarded = own >= 0 && (ownFlush < 0 || position[ownFlush] > position[e]);
                    if (!forwarded) {
                        if (ownFlush >= 0) {
                            mark(ownFlush, needed, pending);
                        }
                        int source = lastVisibleWrite(model, trace.get(e).address(), position[e], position);
                        if (source >= 0) {
                            mark(source, needed, pending);
                        }
                    }
                }
            }
            grew = false;
            for (List<LockPair> pairs : model.locks().values()) {
                for (LockPair a : pairs) {
                    for (LockPair b : pairs) {
                        if (a.excludes(b) && needed[a.acquire()] && needed[b.acquire()]
                                && position[a.acquire()] < position[b.acquire()] && a.release() >= 0 && !needed[a.release()]) {
                            mark(a.release(), needed, pending);
                            grew = true;
                        }
                    }
                }
            }
        }
        return needed;
    }

    /** The visibility event of the write to {@code address} seen last before {@code before} in the solver's order, or -1. */
    private static int lastVisibleWrite(CausalModel model, Address address, int before, int[] position) {
        int best = -1;
        for (int w : model.writesTo(address)) {
            int visible = model.mustHappenBefore().visibility(w);
            if (visible >= 0 && position[visible] < before && (best < 0 || position[visible] > position[best])) {
                best = visible;
            }
        }
        return best;
    }

    private static void mark(int e, boolean[] needed, Deque<Integer> pending) {
        if (e >= 0 && !needed[e]) {
            needed[e] = true;
            pending.push(e);
        }
    }
}
