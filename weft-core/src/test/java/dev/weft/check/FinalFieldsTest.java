package dev.weft.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.explore.ExplorationResult;
import dev.weft.explore.ExplorationLimits;
import dev.weft.explore.StrategyKind;
import dev.weft.explore.StrategyOptions;
import dev.weft.instrument.InstrumentedProgram;
import dev.weft.trace.MemoryModel;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Issue 16, item 8: a final field is an event like any other field when its object can escape before
 * its constructor ends, so a thread that reads it through the escaped reference may see it unwritten
 * (JLS 17.5); the constructor's end freezes it (JLS 17.5.1), so under PSO a thread that gets the
 * reference afterwards, even through a data race, sees it written. The stress oracle compares
 * FinalFieldLeak and FinalFieldSafe with plain JVM runs; MPFinal's verdicts are the litmus
 * simulator's (LitmusSimulatorTest).
 */
class FinalFieldsTest {

    @ParameterizedTest
    @CsvSource({"mcr,SC", "dpor,SC", "dfs,SC", "mcr,TSO", "dpor,TSO", "mcr,PSO", "dpor,PSO"})
    void aFinalFieldReadThroughAReferenceItsConstructorLeakedCanBeUnwritten(String strategy, MemoryModel model) throws Exception {
        ExplorationResult result = explore("examples.oracle.FinalFieldLeak", strategy, model);
        assertEquals(ExplorationResult.Verdict.BUG, result.verdict(), strategy + " " + model);
        assertEquals("FinalFieldLeak.java:25", result.bugs().get(0).bug().location().fileAndLine());
    }

    @ParameterizedTest
    @CsvSource({"mcr,SC", "dpor,SC", "dfs,SC", "mcr,TSO", "dpor,TSO", "mcr,PSO", "dpor,PSO"})
    void aFinalFieldPublishedAfterItsConstructorIsSeenWritten(String strategy, MemoryModel model) throws Exception {
        ExplorationResult result = explore("examples.oracle.FinalFieldSafe", strategy, model);
        assertEquals(ExplorationResult.Verdict.OK, result.verdict(), strategy + " " + model + " " + result.bugs());
        assertTrue(result.complete());
    }

    @ParameterizedTest
    @CsvSource({"mcr,TSO", "dpor,TSO", "mcr,PSO", "dpor,PSO"})
    void theConstructorsEndFreezesAnInstrumentedFinalFieldBeforeARacyPublication(String strategy, MemoryModel model) throws Exception {
        ExplorationResult result = explore("examples.litmus.MPFinal", strategy, model);
        assertEquals(ExplorationResult.Verdict.OK, result.verdict(), strategy + " " + model + " " + result.bugs());
        assertTrue(result.complete());
    }

    private static ExplorationResult explore(String mainClass, String strategy, MemoryModel model) throws Exception {
        return RealRuns.explore(InstrumentedProgram.open(RealRuns.examplesClasspath(), mainClass, List.of()), model,
                StrategyKind.byName(strategy).create(StrategyOptions.defaults(model)), new ExplorationLimits(20_000, null, false), run -> List.of(run.outcome())).result();
    }
}
