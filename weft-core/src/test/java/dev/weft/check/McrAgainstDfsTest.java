package dev.weft.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.explore.DfsStrategy;
import dev.weft.explore.McrStrategy;
import dev.weft.solver.Limits;
import dev.weft.solver.SolverKind;
import dev.weft.trace.MemoryModel;
import examples.Catalog;
import java.util.Locale;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * MCR's guarantee "nothing missed", on real programs: the set of outcomes (final static state, or
 * the bug) MCR reaches equals the set exhaustive DFS reaches, for every crosscheck program under
 * every memory model, with both solvers. And MCR needs no more runs than DFS.
 */
class McrAgainstDfsTest {
    /** The crosscheck programs are small enough for exhaustive DFS under every model within this many runs. */
    static final long DFS_RUNS = 20_000;

    static Stream<Arguments> programs() {
        return Catalog.examples().stream()
                .filter(e -> e.className().startsWith("examples.crosscheck."))
                .flatMap(e -> Stream.of(SolverKind.values()).map(s -> Arguments.of(e.className(), e.memoryModel(), s)));
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("programs")
    void sameOutcomesAsExhaustiveDfs(String className, String modelName, SolverKind solver) throws Exception {
        MemoryModel model = MemoryModel.valueOf(modelName.toUpperCase(Locale.ROOT));
        RealRuns.Exploration dfs = RealRuns.explore(className, model, new DfsStrategy(), DFS_RUNS, true);
        assertTrue(dfs.result().complete(), className + ": DFS did not finish within " + DFS_RUNS + " runs");
        RealRuns.Exploration mcr = RealRuns.explore(className, model, new McrStrategy(solver, model, Limits.NONE), DFS_RUNS, true);
        assertTrue(mcr.result().complete(), className);
        assertEquals(dfs.outcomes(), mcr.outcomes(), className);
        assertTrue(mcr.result().executions() <= dfs.result().executions(),
                className + ": MCR " + mcr.result().executions() + " runs, DFS " + dfs.result().executions());
    }
}
