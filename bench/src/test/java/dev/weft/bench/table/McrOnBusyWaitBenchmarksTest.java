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
 * The bakery algorithm waits in two loops one after the other; under TSO a write to the first
 * loop's flag once justified every further iteration of the second, so MCR never finished.
 */
class McrOnBusyWaitBenchmarksTest {

    @ParameterizedTest
    @EnumSource(value = MemoryModel.class, names = {"TSO", "PSO"})
    void bakeryUnderRelaxedModelsFindsItsBugAndCompletes(MemoryModel model) throws Exception {
        ExplorationResult result = StrategyTable.explore(BenchmarkPrograms.classpath(), "benchmarks.Bakery", RunConfig.of(model), "mcr",
                SolverKind.ORDER, 1_000, null, 1, null);
        assertEquals(ExplorationResult.Verdict.BUG, result.verdict());
        assertTrue(result.complete(), () -> result.executions() + " runs, stopped by " + result.stop());
    }
}
