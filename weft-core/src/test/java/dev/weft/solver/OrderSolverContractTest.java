package dev.weft.solver;

import static dev.weft.solver.Formula.and;
import static dev.weft.solver.Formula.before;
import static dev.weft.solver.Formula.or;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.solver.Answer.Status;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** What every backend must do; runs against each {@link SolverKind}. */
class OrderSolverContractTest {

    private static Answer check(OrderSolver solver, Formula... assumptions) {
        return solver.check(List.of(assumptions), QueryLimits.NONE);
    }

    private static void assertSatisfies(Answer answer, List<Formula> formulas) {
        assertEquals(Status.SAT, answer.status(), () -> "expected SAT, got " + answer.status() + " " + answer.reason());
        assertTrue(new FormulaEvaluator(answer.order()).holdsAll(formulas), () -> "order " + Arrays.toString(answer.order()));
    }

    /** The core holds the indices that must be in it, and the core alone is unsatisfiable. */
    private static void assertUnsatWithCore(OrderSolver solver, List<Formula> assumptions, int... required) {
        Answer answer = solver.check(assumptions, QueryLimits.NONE);
        assertEquals(Status.UNSAT, answer.status());
        List<Integer> core = Arrays.stream(answer.core()).boxed().toList();
        for (int index : required) {
            assertTrue(core.contains(index), () -> "core " + core + " lacks " + index);
        }
        assertEquals(Status.UNSAT, solver.check(core.stream().map(assumptions::get).toList(), QueryLimits.NONE).status());
    }

    @ParameterizedTest
    @EnumSource(SolverKind.class)
    void emptyProblemIsSatisfiedByTheEmptyOrder(SolverKind kind) {
        try (OrderSolver solver = kind.create()) {
            Answer answer = check(solver);
            assertEquals(Status.SAT, answer.status());
            assertEquals(0, answer.order().length);
        }
    }

    @ParameterizedTest
    @EnumSource(SolverKind.class)
    void chainIsReturnedInItsOnlyOrder(SolverKind kind) {
        try (OrderSolver solver = kind.create()) {
            solver.add(before(3, 1));
            solver.add(and(before(1, 7), before(7, 2)));
            Answer answer = check(solver);
            assertEquals(Status.SAT, answer.status());
            assertArrayEquals(new int[] {3, 1, 7, 2}, answer.order());
        }
    }

    @ParameterizedTest
    @EnumSource(SolverKind.class)
    void orderListsEveryEventOfBaseAndAssumptions(SolverKind kind) {
        try (OrderSolver solver = kind.create()) {
            solver.add(or(before(0, 1), before(2, 3)));
            Answer answer = check(solver, before(4, 5));
            assertEquals(List.of(0, 1, 2, 3, 4, 5), Arrays.stream(answer.order()).sorted().boxed().toList());
            assertSatisfies(answer, List.of(or(before(0, 1), before(2, 3)), before(4, 5)));
        }
    }

    @ParameterizedTest
    @EnumSource(SolverKind.class)
    void cyclicBaseIsUnsatisfiableWithEmptyCore(SolverKind kind) {
        try (OrderSolver solver = kind.create()) {
            solver.add(and(before(0, 1), before(1, 2)));
            solver.add(before(2, 0));
            Answer answer = check(solver, before(5, 6));
            assertEquals(Status.UNSAT, answer.status());
            assertArrayEquals(new int[0], answer.core());
        }
    }

    @ParameterizedTest
    @EnumSource(SolverKind.class)
    void coreNamesTheConflictingAssumptionAndAssumptionsDoNotPersist(SolverKind kind) {
        try (OrderSolver solver = kind.create()) {
            solver.add(and(before(0, 1), before(1, 2)));
            assertUnsatWithCore(solver, List.of(before(3, 4), before(2, 0), before(4, 5)), 1);
            assertSatisfies(check(solver, before(3, 4), before(4, 5)), List.of(before(0, 1), before(1, 2), before(3, 4), before(4, 5)));
            assertSatisfies(check(solver), List.of(before(0, 1), before(1, 2)));
        }
    }

    @ParameterizedTest
    @EnumSource(SolverKind.class)
    void coreCoversAssumptionsThatConflictOnlyTogether(SolverKind kind) {
        try (OrderSolver solver = kind.create()) {
            solver.add(or(before(0, 1), before(2, 3)));
            assertUnsatWithCore(solver, List.of(before(8, 9), before(1, 0), before(3, 2)), 1, 2);
        }
    }

    @ParameterizedTest
    @EnumSource(SolverKind.class)
    void disjunctionPicksTheSatisfiableBranch(SolverKind kind) {
        try (OrderSolver solver = kind.create()) {
            Formula lock = or(before(1, 2), before(3, 0));
            solver.add(before(0, 1));
            solver.add(before(2, 3));
            solver.add(lock);
            Answer answer = check(solver, before(2, 1));
            assertSatisfies(answer, List.of(before(0, 1), before(2, 3), lock, before(2, 1)));
        }
    }

    @ParameterizedTest
    @EnumSource(SolverKind.class)
    void constantsBehave(SolverKind kind) {
        try (OrderSolver solver = kind.create()) {
            solver.add(Formula.TRUE);
            assertEquals(Status.SAT, check(solver, Formula.TRUE).status());
            assertUnsatWithCore(solver, List.of(before(0, 1), Formula.FALSE), 1);
        }
    }

    @ParameterizedTest
    @EnumSource(SolverKind.class)
    void constraintsAddedBetweenChecksApplyToLaterChecks(SolverKind kind) {
        try (OrderSolver solver = kind.create()) {
            solver.add(before(0, 1));
            assertEquals(Status.SAT, check(solver, before(1, 2)).status());
            solver.add(before(2, 0));
            assertEquals(Status.UNSAT, check(solver, before(1, 2)).status());
            assertSatisfies(check(solver), List.of(before(0, 1), before(2, 0)));
        }
    }

    @ParameterizedTest
    @EnumSource(SolverKind.class)
    void sharedSubformulasAreNotUnfolded(SolverKind kind) {
        // Unfolded into a tree this formula has 2^40 leaves; as a DAG it is small. It is equivalent to 0 < 1.
        Formula shared = before(0, 1);
        for (int level = 0; level < 40; level++) {
            int a = 2 + 2 * level;
            shared = and(or(shared, before(a, a + 1)), or(shared, before(a + 1, a)));
        }
        try (OrderSolver solver = kind.create()) {
            solver.add(shared);
            assertEquals(Status.SAT, check(solver).status());
            assertUnsatWithCore(solver, List.of(before(2, 3), before(1, 0)), 1);
        }
    }

    @ParameterizedTest
    @EnumSource(SolverKind.class)
    void stepLimitGivesUnknownNotUnsatAndLeavesTheSolverUsable(SolverKind kind) {
        try (OrderSolver solver = kind.create()) {
            solver.add(before(200, 201));
            Answer answer = solver.check(pigeonhole(8), new QueryLimits(0, 1));
            assertEquals(Status.UNKNOWN, answer.status());
            assertTrue(answer.reason() != null && !answer.reason().isBlank());
            assertSatisfies(check(solver, before(201, 202)), List.of(before(200, 201), before(201, 202)));
        }
    }

    @ParameterizedTest
    @EnumSource(SolverKind.class)
    void refutesAProblemThatNeedsManyConflicts(SolverKind kind) {
        try (OrderSolver solver = kind.create()) {
            pigeonhole(7).forEach(solver::add);
            Answer answer = check(solver);
            assertEquals(Status.UNSAT, answer.status());
            assertArrayEquals(new int[0], answer.core());
            assertEquals(Status.UNSAT, check(solver, before(100, 101)).status());
        }
    }

    @ParameterizedTest
    @EnumSource(SolverKind.class)
    void timeLimitGivesUnknownNotUnsat(SolverKind kind) {
        try (OrderSolver solver = kind.create()) {
            Answer answer = solver.check(pigeonhole(11), new QueryLimits(1, 0));
            assertEquals(Status.UNKNOWN, answer.status());
            assertTrue(answer.reason() != null && !answer.reason().isBlank());
        }
    }

    @Test
    void theCallersStopEndsAQueryOfTheOrderSolverAsUnknown() {
        // Pigeonhole(11) runs for minutes without a limit; the stop holds after a few of its conflicts.
        int[] asked = {0};
        try (OrderSolver solver = SolverKind.ORDER.create()) {
            Answer answer = solver.check(pigeonhole(11), new QueryLimits(0, 0, () -> ++asked[0] > 3));
            assertEquals(Status.UNKNOWN, answer.status());
            assertTrue(answer.reason().startsWith("stopped by the caller"), answer.reason());
            assertEquals(4, asked[0]);
        }
    }

    @ParameterizedTest
    @EnumSource(SolverKind.class)
    void secondsGrowWithChecks(SolverKind kind) {
        try (OrderSolver solver = kind.create()) {
            assertEquals(0.0, solver.seconds());
            check(solver, before(0, 1));
            assertTrue(solver.seconds() > 0);
        }
    }

    @Test
    void kindsParseByName() {
        assertEquals(SolverKind.ORDER, SolverKind.parse("order"));
        assertEquals(SolverKind.Z3, SolverKind.parse("Z3"));
        IllegalArgumentException error = assertThrows(IllegalArgumentException.class, () -> SolverKind.parse("cvc5"));
        assertEquals("unknown solver 'cvc5'; expected one of order, z3", error.getMessage());
    }

    /**
     * The pigeonhole principle for {@code holes + 1} pigeons, with each boolean variable an order atom
     * between two events of its own; unsatisfiable, and hard for resolution.
     */
    static List<Formula> pigeonhole(int holes) {
        int pigeons = holes + 1;
        Formula[][] in = new Formula[pigeons][holes];
        Formula[][] notIn = new Formula[pigeons][holes];
        for (int p = 0; p < pigeons; p++) {
            for (int h = 0; h < holes; h++) {
                int event = 2 * (p * holes + h);
                in[p][h] = before(event, event + 1);
                notIn[p][h] = before(event + 1, event);
            }
        }
        List<Formula> clauses = new ArrayList<>();
        for (int p = 0; p < pigeons; p++) {
            clauses.add(or(List.of(in[p])));
        }
        for (int h = 0; h < holes; h++) {
            for (int p = 0; p < pigeons; p++) {
                for (int q = p + 1; q < pigeons; q++) {
                    clauses.add(or(notIn[p][h], notIn[q][h]));
                }
            }
        }
        return clauses;
    }
}
