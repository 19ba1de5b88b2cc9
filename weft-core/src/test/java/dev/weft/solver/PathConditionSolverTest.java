package dev.weft.solver;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.runtime.symbolic.Expr;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PathConditionSolverTest {
    private static final Expr.Input I = new Expr.Input("i", 32, 0, 10);
    private static final Expr.Input J = new Expr.Input("j", 32, -5, 5);

    private static Expr k(long v) {
        return new Expr.Const(v, 32);
    }

    @Test
    void findsInputsWithinTheirRanges() {
        try (PathConditionSolver solver = new PathConditionSolver()) {
            // 2i + 1 > 7 and i + j == 9: i = 4..10, j = 9 - i within -5..5
            PathConditionSolver.Result r = solver.solve(List.of(
                    new Expr.Condition(">", new Expr.Arith('+', new Expr.Arith('*', I, k(2)), k(1)), k(7)),
                    new Expr.Condition("==", new Expr.Arith('+', I, J), k(9))));
            assertTrue(r.satisfiable(), String.valueOf(r));
            Map<String, Long> in = r.inputs();
            assertTrue(in.get("i") >= 4 && in.get("i") <= 10, in.toString());
            assertEquals(9, in.get("i") + in.get("j"), in.toString());
        }
    }

    @Test
    void overflowIsTheJvmsAndNegativeValuesComeBackSigned() {
        Expr.Input big = new Expr.Input("n", 32, Integer.MAX_VALUE - 1, Integer.MAX_VALUE);
        try (PathConditionSolver solver = new PathConditionSolver()) {
            // n + 1 < 0 only by wrapping around
            PathConditionSolver.Result r = solver.solve(List.of(new Expr.Condition("<", new Expr.Arith('+', big, k(1)), k(0))));
            assertEquals(Map.of("n", (long) Integer.MAX_VALUE), r.inputs());
            PathConditionSolver.Result negative = solver.solve(List.of(new Expr.Condition("<", J, k(-4))));
            assertEquals(Map.of("j", -5L), negative.inputs());
        }
    }

    @Test
    void anUnsatisfiableConditionNamesTheConditionsThatConflict() {
        try (PathConditionSolver solver = new PathConditionSolver()) {
            PathConditionSolver.Result r = solver.solve(List.of(
                    new Expr.Condition(">", I, k(5)),
                    new Expr.Condition("==", J, k(1)),
                    new Expr.Condition("<", I, k(3))));
            assertFalse(r.satisfiable());
            assertEquals(List.of(0, 2), r.core());
        }
    }

    @Test
    void longComparisonsAndWidening() {
        Expr.Input n = new Expr.Input("n", 64, 0, 100);
        try (PathConditionSolver solver = new PathConditionSolver()) {
            // cmp(n * 3, (long) j) > 0 and n * 3 <= 10
            PathConditionSolver.Result r = solver.solve(List.of(
                    new Expr.Condition(">", new Expr.Compare3(new Expr.Arith('*', n, new Expr.Const(3, 64)), new Expr.Convert(J, 64)), k(0)),
                    new Expr.Condition("==", new Expr.Convert(new Expr.Arith('*', n, new Expr.Const(3, 64)), 32), k(9))));
            assertEquals(3L, r.inputs().get("n"));
            assertTrue(r.inputs().get("j") < 9);
        }
    }

    /**
     * Figure 6's shape: thread 0 reads x (event 0) and branches on it; thread 1 writes i + 1 to x (event 1). x == 5 needs
     * the write first and i = 4; x == 20 is out of i's range whatever the order: the core names both threads.
     */
    private static PathQuery readOfAWrite(Expr.Condition onRead) {
        Expr.Read x = new Expr.Read("x#1", 32);
        List<PathQuery.Source> sources = List.of(new PathQuery.Source(1, new Expr.Arith('+', I, k(1))), new PathQuery.Source(-1, k(0)));
        return new PathQuery(List.of(new PathQuery.Span(0, new int[] {0}, 1, 1), new PathQuery.Span(1, new int[] {1}, 0, 1)),
                List.of(), List.of(), List.of(new PathQuery.ReadFrom(0, 0, x, sources, List.of(1))),
                List.of(new PathQuery.Guard(0, -1, new Expr.Condition(onRead.op(), x, onRead.right()))));
    }

    @Test
    void aPathPrefixGetsAnInputAndAnOrderWhereTheReadReturnsTheWrite() {
        try (PathConditionSolver solver = new PathConditionSolver()) {
            PathConditionSolver.PrefixAnswer answer = solver.solve(readOfAWrite(new Expr.Condition("==", null, k(5))));
            assertTrue(answer.satisfiable(), String.valueOf(answer));
            assertEquals(Map.of("i", 4L), answer.inputs());
            assertEquals(List.of(1, 0), answer.order(), "the write, then the read");

            PathConditionSolver.PrefixAnswer none = solver.solve(readOfAWrite(new Expr.Condition("==", null, k(20))));
            assertFalse(none.satisfiable());
            assertEquals(java.util.Set.of(0, 1), none.coreThreads());
            assertTrue(none.coreHasReads());
        }
    }
}
