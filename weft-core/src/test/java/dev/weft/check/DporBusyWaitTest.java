package dev.weft.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.causal.ReadSignature;
import dev.weft.explore.DfsStrategy;
import dev.weft.explore.DporStrategy;
import dev.weft.explore.ExplorationResult;
import dev.weft.explore.Explorer;
import dev.weft.explore.ExplorationLimits;
import dev.weft.explore.Strategy;
import dev.weft.instrument.InstrumentedProgram;
import dev.weft.runtime.ControlledExecutor;
import dev.weft.runtime.RunConfig;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.RunResult;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * DPOR against exhaustive search on a busy-wait loop under store buffers: the runtime holds back a
 * re-read of unchanged memory until a write to what the loop read becomes visible, its thread's
 * own flushes included, so those flushes are dependent with the loop's reads. DPOR must reach every
 * map of read values DFS reaches.
 */
class DporBusyWaitTest {
    private static final long RUNS = 20_000;

    @ParameterizedTest
    @EnumSource(value = MemoryModel.class, names = {"TSO", "PSO"})
    void dporReadsWhatExhaustiveSearchReads(MemoryModel model) throws Exception {
        InstrumentedProgram program = InstrumentedProgram.open(RealRuns.classpathOf(subjects.OwnFlushSpin.class),
                subjects.OwnFlushSpin.class.getName(), List.of());
        assertEquals(readMaps(program, model, new DfsStrategy()), readMaps(program, model, new DporStrategy(model)));
    }

    private static Set<Map<String, Long>> readMaps(InstrumentedProgram program, MemoryModel model, Strategy strategy) {
        ControlledExecutor executor = new ControlledExecutor(program, RunConfig.of(model));
        Set<Map<String, Long>> reads = new HashSet<>();
        ExplorationResult result = new Explorer(policy -> {
            RunResult run = executor.run(policy);
            if (run.status() == RunResult.Status.COMPLETED || run.status() == RunResult.Status.BUG) {
                reads.add(ReadSignature.of(run.trace()).reads());
            }
            return run;
        }, strategy, new ExplorationLimits(RUNS, null, true), null).explore();
        assertTrue(result.complete(), strategy.name() + " did not finish within " + RUNS + " runs");
        return reads;
    }
}
