package dev.weft.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.causal.ReadSignature;
import dev.weft.instrument.InstrumentedProgram;
import dev.weft.runtime.ProgramUnderTest;
import dev.weft.runtime.RunConfig;
import dev.weft.trace.MemoryModel;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * MCR's promise is every read state: each combination of values the reads of a run can return (and of final values and
 * thread progress, {@link ReadSignature}). Checked against dpor, which runs one interleaving of every Mazurkiewicz class
 * and so shows every read state: on these programs mcr's set of read states must hold every one dpor's holds. Before
 * the fixed-prefix fallback (CausalModel) mcr missed states on each of them, and on RetryAfterRelease and
 * WaitedThenOvertaken (without spurious wake-ups) it said "every behaviour covered" about programs with a bug.
 */
class McrReadStatesTest {
    private static final long RUNS = 5_000;

    @ParameterizedTest(name = "{0}, spurious wake-ups {1}")
    @CsvSource({
            "examples.crosscheck.RetryAfterRelease, true",
            "examples.crosscheck.WaitedThenOvertaken, true",
            "examples.crosscheck.WaitedThenOvertaken, false",
            "examples.crosscheck.NotifyAllWakeOrder, true",
            "examples.crosscheck.NotifyAllWakeOrder, false",
            "examples.BoundedBufferCondition, true",
            "examples.BoundedBufferCondition, false",
    })
    void mcrShowsEveryReadStateDporShows(String className, boolean spurious) throws Exception {
        ProgramUnderTest program = InstrumentedProgram.open(RealRuns.examplesClasspath(), className, List.of());
        ReadStates dpor = explore(program, "dpor", spurious);
        ReadStates mcr = explore(program, "mcr", spurious);
        assertTrue(dpor.result().complete() && mcr.result().complete(), className + ": " + mcr.result().incompleteReasons());
        Set<ReadSignature> missed = dpor.states().stream().filter(s -> !mcr.states().contains(s)).collect(Collectors.toSet());
        assertEquals(Set.of(), missed, className + ": read states dpor shows and mcr does not");
        assertEquals(dpor.bugs(), mcr.bugs(), className);
    }

    private static ReadStates explore(ProgramUnderTest program, String strategy, boolean spurious) throws Exception {
        return ReadStates.check(program, request -> request.runConfig(RunConfig.of(MemoryModel.SC).withSpuriousWakeups(spurious))
                .strategy(strategy).maxExecutions(RUNS).workers(1));
    }
}
