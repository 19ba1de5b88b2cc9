package dev.weft.solver;

import com.microsoft.z3.BoolExpr;
import com.microsoft.z3.Context;
import com.microsoft.z3.Expr;
import com.microsoft.z3.IntExpr;
import com.microsoft.z3.IntNum;
import com.microsoft.z3.Model;
import com.microsoft.z3.Params;
import com.microsoft.z3.Solver;
import com.microsoft.z3.Status;
import com.microsoft.z3.Z3Exception;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@link OrderSolver} on Z3 with one integer variable per event and Z3's difference-logic solver.
 * Base constraints stay asserted; each check adds its assumptions as implications of fresh guard
 * literals and passes the guards to {@code check(assumptions)}, so the unsat core names
 * assumptions by index. A guard that is not assumed leaves its implication vacuous, so the
 * implications stay; neither a push/pop scope nor the {@code QF_IDL} logic is used: on the lazily
 * built model of a 1,008-event trace, queries took a median of 36 ms this way, 66 ms with push/pop
 * and about 800 ms with the {@code QF_IDL} solver (docs/performance.md).
 *
 * <p>Time limits are Z3's {@code timeout} parameter, which Z3 checks during search but not while it
 * internalises a large base: taking in a fully built 10,000-event base alone ran for minutes.
 * Interrupting the context from a watchdog thread is no fix: an interrupt that lands during
 * {@code add} silently drops the assertion (observed: a refutable query came back SAT).
 *
 * <p>Sets Z3's global {@code smt.arith.solver} parameter, which applies to every Z3 context of the JVM.
 */
public final class Z3OrderSolver implements OrderSolver {

    static {
        // The per-solver parameter is ignored by Z3; the global one must be set before any context exists.
        com.microsoft.z3.Global.setParameter("smt.arith.solver", "1");
    }

    /** Z3 takes time limits as an unsigned int of milliseconds; this stands for "no limit". */
    private static final int NO_TIME_LIMIT = Integer.MAX_VALUE;

    private final Context context = new Context();
    private final Solver solver = context.mkSolver();
    private final Map<Integer, IntExpr> orderVariables = new HashMap<>();
    private final Map<Formula, BoolExpr> encoded = new IdentityHashMap<>();
    private final Set<Integer> baseEvents = new LinkedHashSet<>();
    private long nanos;
    private long queries;
    private boolean closed;

    @Override
    public void add(Formula constraint) {
        ensureOpen();
        Formulas.collectEvents(constraint, baseEvents::add);
        solver.add(encode(constraint));
    }

    @Override
    public Answer check(List<Formula> assumptions, QueryLimits limits) {
        ensureOpen();
        long start = System.nanoTime();
        try {
            applyLimits(limits);
            Set<Integer> events = new LinkedHashSet<>(baseEvents);
            BoolExpr[] guards = new BoolExpr[assumptions.size()];
            Map<Expr<?>, Integer> indexOfGuard = new HashMap<>();
            for (int i = 0; i < guards.length; i++) {
                guards[i] = context.mkBoolConst("assumption!" + queries + "!" + i);
                indexOfGuard.put(guards[i], i);
                Formulas.collectEvents(assumptions.get(i), events::add);
                solver.add(context.mkImplies(guards[i], encode(assumptions.get(i))));
            }
            queries++;
            Status status = solver.check(guards);
            return switch (status) {
                case SATISFIABLE -> Answer.sat(orderOf(events, solver.getModel()));
                case UNSATISFIABLE -> Answer.unsat(coreIndices(solver.getUnsatCore(), indexOfGuard));
                case UNKNOWN -> Answer.unknown("z3: " + solver.getReasonUnknown());
            };
        } catch (Z3Exception e) {
            return Answer.unknown("z3 error: " + e.getMessage());
        } finally {
            nanos += System.nanoTime() - start;
        }
    }

    @Override
    public double seconds() {
        return nanos / 1e9;
    }

    @Override
    public void close() {
        if (!closed) {
            closed = true;
            context.close();
        }
    }

    private void ensureOpen() {
        if (closed) {
            throw new IllegalStateException("Z3OrderSolver used after close()");
        }
    }

    private void applyLimits(QueryLimits limits) {
        Params params = context.mkParams();
        params.add("timeout", limits.millis() > 0 ? (int) Math.min(limits.millis(), NO_TIME_LIMIT) : NO_TIME_LIMIT);
        params.add("max_conflicts", limits.steps() > 0 ? (int) Math.min(limits.steps(), Integer.MAX_VALUE) : Integer.MAX_VALUE);
        solver.setParameters(params);
    }

    /** Translates a formula; shared sub-formulas are translated once. */
    private BoolExpr encode(Formula formula) {
        BoolExpr done = encoded.get(formula);
        if (done != null) {
            return done;
        }
        BoolExpr result;
        if (formula instanceof Formula.Before before) {
            result = context.mkLt(orderVariable(before.before()), orderVariable(before.after()));
        } else if (formula instanceof Formula.And and) {
            result = context.mkAnd(encodeAll(and.parts()));
        } else {
            result = context.mkOr(encodeAll(((Formula.Or) formula).parts()));
        }
        encoded.put(formula, result);
        return result;
    }

    private BoolExpr[] encodeAll(List<Formula> parts) {
        BoolExpr[] result = new BoolExpr[parts.size()];
        for (int i = 0; i < result.length; i++) {
            result[i] = encode(parts.get(i));
        }
        return result;
    }

    private IntExpr orderVariable(int event) {
        return orderVariables.computeIfAbsent(event, e -> context.mkIntConst("O" + e));
    }

    private int[] orderOf(Set<Integer> events, Model model) {
        Map<Integer, Long> position = new HashMap<>();
        for (int event : events) {
            position.put(event, ((IntNum) model.evaluate(orderVariable(event), true)).getInt64());
        }
        Integer[] sorted = events.toArray(new Integer[0]);
        // Ties only occur between events no constraint orders, so any tie-break is a valid order.
        Arrays.sort(sorted, Comparator.comparingLong((Integer e) -> position.get(e)).thenComparingInt(e -> e));
        return Arrays.stream(sorted).mapToInt(Integer::intValue).toArray();
    }

    private static int[] coreIndices(BoolExpr[] core, Map<Expr<?>, Integer> indexOfGuard) {
        List<Integer> indices = new ArrayList<>();
        for (BoolExpr literal : core) {
            Integer index = indexOfGuard.get(literal);
            if (index != null) {
                indices.add(index);
            }
        }
        return indices.stream().mapToInt(Integer::intValue).sorted().toArray();
    }
}
