package dev.weft.solver;

import static dev.weft.solver.Formula.before;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.weft.solver.Answer.Status;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The order solver against Z3 on random problems: same answers, every model checked by
 * {@link FormulaEvaluator}, every unsat core re-checked unsatisfiable by Z3.
 */
class OrderSolverDifferentialTest {

    /** Tallies per test so a test can assert it exercised both answers. */
    private int satCount;
    private int unsatCount;

    @Test
    void agreesWithZ3OnSmallMcrProblems() {
        Random random = new Random(7);
        for (int round = 0; round < 200; round++) {
            int threads = 2 + random.nextInt(3);
            McrProblems.Problem problem = McrProblems.generate(random, 8 + random.nextInt(30), threads,
                    1 + random.nextInt(3), random.nextInt(3), 8);
            compare(problem, "small round " + round);
        }
        assertTrue(satCount > 300 && unsatCount > 300, () -> "sat " + satCount + ", unsat " + unsatCount);
    }

    @Test
    void agreesWithZ3OnLargeMcrProblems() {
        Random random = new Random(11);
        for (int round = 0; round < 6; round++) {
            McrProblems.Problem problem = McrProblems.generate(random, 100 + random.nextInt(150), 2 + random.nextInt(4),
                    2 + random.nextInt(4), 1 + random.nextInt(3), 6);
            compare(problem, "large round " + round);
        }
        assertTrue(satCount > 5 && unsatCount > 5, () -> "sat " + satCount + ", unsat " + unsatCount);
    }

    @Test
    void agreesWithZ3OnRandomAndOrFormulas() {
        Random random = new Random(3);
        for (int round = 0; round < 400; round++) {
            int events = 2 + random.nextInt(7);
            List<Formula> pool = new ArrayList<>();
            List<Formula> base = new ArrayList<>();
            for (int i = random.nextInt(4); i > 0; i--) {
                base.add(randomFormula(random, events, pool, 3));
            }
            List<List<Formula>> queries = new ArrayList<>();
            for (int q = 0; q < 5; q++) {
                List<Formula> assumptions = new ArrayList<>();
                for (int i = random.nextInt(4); i > 0; i--) {
                    assumptions.add(randomFormula(random, events, pool, 3));
                }
                queries.add(assumptions);
            }
            compare(new McrProblems.Problem(events, base, queries), "and/or round " + round);
        }
        assertTrue(satCount > 200 && unsatCount > 200, () -> "sat " + satCount + ", unsat " + unsatCount);
    }

    /** A random and/or formula; earlier sub-formulas are reused by identity now and then. */
    private static Formula randomFormula(Random random, int events, List<Formula> pool, int depth) {
        if (!pool.isEmpty() && random.nextInt(5) == 0) {
            return pool.get(random.nextInt(pool.size()));
        }
        Formula result;
        if (depth == 0 || random.nextInt(3) == 0) {
            result = before(random.nextInt(events), random.nextInt(events));
        } else {
            List<Formula> parts = new ArrayList<>();
            for (int i = random.nextInt(4); i > 0; i--) {
                parts.add(randomFormula(random, events, pool, depth - 1));
            }
            result = random.nextBoolean() ? new Formula.And(parts) : new Formula.Or(parts);
        }
        pool.add(result);
        return result;
    }

    /**
     * Runs the problem's queries on one instance of each solver; half-way through, one query's
     * assumptions become base constraints, so both solvers also see constraints added between checks.
     */
    private void compare(McrProblems.Problem problem, String label) {
        try (OrderSolver order = SolverKind.ORDER.create(); OrderSolver z3 = SolverKind.Z3.create()) {
            List<Formula> base = new ArrayList<>(problem.base());
            base.forEach(order::add);
            base.forEach(z3::add);
            for (int q = 0; q < problem.queries().size(); q++) {
                List<Formula> assumptions = problem.queries().get(q);
                String where = label + " query " + q;
                Answer expected = z3.check(assumptions, QueryLimits.NONE);
                Answer actual = order.check(assumptions, QueryLimits.NONE);
                assertEquals(expected.status(), actual.status(), where);
                if (actual.status() == Status.SAT) {
                    satCount++;
                    assertModel(actual.order(), base, assumptions, where);
                } else if (actual.status() == Status.UNSAT) {
                    unsatCount++;
                    assertCoreUnsatisfiable(z3, actual.core(), assumptions, where);
                } else {
                    fail(where + ": unexpected UNKNOWN " + actual.reason());
                }
                if (q == problem.queries().size() / 2 && actual.isSat()) {
                    assumptions.forEach(order::add);
                    assumptions.forEach(z3::add);
                    base.addAll(assumptions);
                }
            }
        }
    }

    private static void assertModel(int[] order, List<Formula> base, List<Formula> assumptions, String where) {
        FormulaEvaluator evaluator = new FormulaEvaluator(order);
        assertTrue(evaluator.holdsAll(base), () -> where + ": model violates the base: " + Arrays.toString(order));
        assertTrue(evaluator.holdsAll(assumptions), () -> where + ": model violates an assumption: " + Arrays.toString(order));
        Set<Integer> mentioned = new TreeSet<>();
        base.forEach(f -> Formulas.collectEvents(f, mentioned::add));
        assumptions.forEach(f -> Formulas.collectEvents(f, mentioned::add));
        assertEquals(mentioned, new TreeSet<>(Arrays.stream(order).boxed().toList()), where + ": events of the model");
    }

    private static void assertCoreUnsatisfiable(OrderSolver z3, int[] core, List<Formula> assumptions, String where) {
        Set<Integer> indices = new LinkedHashSet<>();
        for (int index : core) {
            assertTrue(index >= 0 && index < assumptions.size() && indices.add(index), () -> where + ": bad core " + Arrays.toString(core));
        }
        List<Formula> coreAssumptions = indices.stream().map(assumptions::get).toList();
        assertEquals(Status.UNSAT, z3.check(coreAssumptions, QueryLimits.NONE).status(), () -> where + ": core " + Arrays.toString(core) + " is satisfiable");
    }
}
