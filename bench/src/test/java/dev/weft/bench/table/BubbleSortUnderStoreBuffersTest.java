package dev.weft.bench.table;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.bench.BenchmarkPrograms;
import dev.weft.explore.ExplorationResult;
import dev.weft.runtime.RunConfig;
import dev.weft.solver.SolverKind;
import dev.weft.trace.MemoryModel;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The synchronized bubble sort hands the array main just wrote (still buffered under TSO/PSO) to
 * {@code Arrays.equals}. JDK code once read memory without the thread's own buffered writes, and
 * every strategy reported a bug the program does not have.
 */
class BubbleSortUnderStoreBuffersTest {
    private static final String PROGRAM = "benchmarks.BubbleSortSynchronized";
    /** Exhaustive DFS does not finish here under TSO/PSO (over 15,000 runs); it once reported the false bug in its first run. */
    private static final long DFS_RUNS = 300;

    @ParameterizedTest
    @EnumSource(value = MemoryModel.class, names = {"TSO", "PSO"})
    void mcrAndDporProveItCorrect(MemoryModel model) throws Exception {
        for (String strategy : new String[] {"mcr", "dpor"}) {
            ExplorationResult result = explore(model, strategy, 1_000);
            assertEquals(ExplorationResult.Verdict.OK, result.verdict(), () -> strategy + " " + result.bugs());
            assertTrue(result.complete(), () -> strategy + ": " + result.executions() + " runs, stopped by " + result.stop());
        }
    }

    @ParameterizedTest
    @EnumSource(value = MemoryModel.class, names = {"TSO", "PSO"})
    void dfsFindsNoBugWithinItsBudget(MemoryModel model) throws Exception {
        ExplorationResult result = explore(model, "dfs", DFS_RUNS);
        assertTrue(result.bugs().isEmpty(), () -> result.bugs().toString());
        assertEquals(DFS_RUNS, result.executions());
    }

    private static ExplorationResult explore(MemoryModel model, String strategy, long runs) throws Exception {
        return StrategyTable.explore(BenchmarkPrograms.classpath(), PROGRAM, RunConfig.of(model), strategy, SolverKind.ORDER, runs, null, 1, null);
    }
}
