package dev.weft.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.explore.DporStrategy;
import dev.weft.explore.ExplorationResult;
import dev.weft.explore.McrStrategy;
import dev.weft.explore.Strategy;
import dev.weft.instrument.InstrumentedProgram;
import dev.weft.solver.QueryLimits;
import dev.weft.solver.SolverKind;
import dev.weft.trace.MemoryModel;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A pool's idle workers time out as the JDK's do (keep-alive above the core size, or for all with
 * allowCoreThreadTimeOut), and the program sees it: a fresh thread for a later task, a smaller pool.
 * Before, Weft's workers never timed out and these checks said "every behaviour covered" with no bug.
 */
class PoolKeepAliveTest {
    private static ExplorationResult explore(String use, Strategy strategy) throws Exception {
        String subjects = Path.of(subjects.PoolKeepAlive.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        InstrumentedProgram program = InstrumentedProgram.open(subjects, "subjects.PoolKeepAlive", List.of(use));
        return RealRuns.explore(program, MemoryModel.SC, strategy, 2_000, false).result();
    }

    private static List<Strategy> strategies() {
        return List.of(new McrStrategy(SolverKind.ORDER, MemoryModel.SC, QueryLimits.NONE), new DporStrategy(MemoryModel.SC));
    }

    @ParameterizedTest
    @ValueSource(strings = {"core-times-out", "above-core-times-out", "cached-pool-size"})
    void aWorkerThatMayTimeOutDoesInSomeRun(String use) throws Exception {
        for (Strategy strategy : strategies()) {
            ExplorationResult result = explore(use, strategy);
            assertEquals(ExplorationResult.Verdict.BUG, result.verdict(), use + ": " + result.error());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"core-kept", "max-lowered", "hand-over-queue-looks-empty"})
    void whatTheJdkCannotShowIsCoveredWithoutABug(String use) throws Exception {
        for (Strategy strategy : strategies()) {
            ExplorationResult result = explore(use, strategy);
            assertEquals(ExplorationResult.Verdict.OK, result.verdict(), use + ": " + result.error() + " " + result.bugs());
            assertTrue(result.complete(), result.incompleteReasons().toString());
        }
    }
}
