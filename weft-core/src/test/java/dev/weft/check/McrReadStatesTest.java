package dev.weft.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.causal.ReadSignature;
import dev.weft.explore.ExplorationResult;
import dev.weft.explore.FoundBug;
import dev.weft.instrument.InstrumentedProgram;
import dev.weft.report.ProgramSpec;
import dev.weft.runtime.ProgramUnderTest;
import dev.weft.runtime.RunConfig;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.RunResult;
import dev.weft.trace.VirtualFixes;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
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
        Explored dpor = explore(program, "dpor", spurious);
        Explored mcr = explore(program, "mcr", spurious);
        assertTrue(dpor.result().complete() && mcr.result().complete(), className + ": " + mcr.result().incompleteReasons());
        Set<ReadSignature> missed = dpor.states().stream().filter(s -> !mcr.states().contains(s)).collect(Collectors.toSet());
        assertEquals(Set.of(), missed, className + ": read states dpor shows and mcr does not");
        assertEquals(dpor.bugs(), mcr.bugs(), className);
    }

    private record Explored(ExplorationResult result, Set<ReadSignature> states) {
        Set<String> bugs() {
            return result.bugs().stream().map(McrReadStatesTest::key).collect(Collectors.toSet());
        }
    }

    /** One program opened once for both strategies: read states name threads and objects by ids its name tables give out. */
    private static Explored explore(ProgramUnderTest program, String strategy, boolean spurious) throws Exception {
        Set<ReadSignature> states = ConcurrentHashMap.newKeySet();
        CheckRequest request = CheckRequest.forProgram(new ProgramSpec(List.of(RealRuns.examplesClasspath()), "program", List.of(),
                        VirtualFixes.NONE), () -> program)
                .runConfig(RunConfig.of(MemoryModel.SC).withSpuriousWakeups(spurious)).strategy(strategy)
                .maxExecutions(RUNS).allBugs(true).races(false).workers(1)
                .observeRuns(run -> {
                    if (run.status() != RunResult.Status.STOPPED && run.status() != RunResult.Status.UNSUPPORTED) {
                        states.add(ReadSignature.of(run.trace()));
                    }
                })
                .build();
        return new Explored(Checker.check(request).exploration(), states);
    }

    private static String key(FoundBug found) {
        return found.bug().kind() + "@" + found.bug().location();
    }
}
