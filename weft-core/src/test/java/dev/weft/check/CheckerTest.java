package dev.weft.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.explore.ExplorationResult.Verdict;
import dev.weft.instrument.BadProgramException;
import dev.weft.trace.BugKind;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.RunResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The public entry point: one request in, one result out, that reports and saves itself. */
class CheckerTest {
    private static final List<String> EXAMPLES = List.of(RealRuns.examplesClasspath());

    /** The README's example, as a user would write it in their own tool or test. */
    @Test
    void theReadmeExampleFindsTheLostUpdateAndWritesItsReport(@TempDir Path dir) throws Exception {
        CheckResult result = Checker.check(CheckRequest.forMainClass("examples.LostUpdate")
                .classpath(EXAMPLES).memoryModel(MemoryModel.PSO).strategy("mcr")
                .timeLimit(Duration.ofSeconds(60)).allBugs(true).build());

        assertEquals(Verdict.BUG, result.verdict());
        assertEquals(BugKind.ASSERTION, result.bugs().get(0).bug().kind());
        assertFalse(result.races().isEmpty(), "the unlocked counter races");
        List<Path> schedules = result.writeReport(dir);
        assertTrue(Files.exists(dir.resolve("summary.json")) && Files.exists(dir.resolve("report.html")));
        assertEquals(dir.resolve("bug-1.json").toAbsolutePath(), schedules.get(0));
        assertTrue(result.text(schedules, false).contains("examples.LostUpdate"), result.text(schedules, false));
        assertTrue(result.json(schedules).contains("\"verdict\" : \"bug\""), result.json(schedules));
    }

    @Test
    void aSavedScheduleReplaysTheBug(@TempDir Path dir) throws Exception {
        CheckResult result = Checker.check(CheckRequest.forMainClass("examples.LostUpdate").classpath(EXAMPLES).build());
        Path saved = result.saveSchedules(dir).get(0);

        assertEquals(RunResult.Status.BUG, RealRuns.replay(saved).status());
    }

    @Test
    void aCorrectProgramIsCoveredCompletely() throws Exception {
        CheckResult result = Checker.check(CheckRequest.forMainClass("examples.LockedCounter").classpath(EXAMPLES).build());

        assertEquals(Verdict.OK, result.verdict());
        assertTrue(result.complete());
        assertTrue(result.races().isEmpty());
    }

    @Test
    void racesAsBugsAndObservedRuns() throws Exception {
        int[] runs = {0};
        CheckResult result = Checker.check(CheckRequest.forMainClass("examples.SilentRace").classpath(EXAMPLES)
                .failOnRace(true).observeRuns(run -> runs[0]++).build());

        assertEquals(Verdict.BUG, result.verdict());
        assertEquals(BugKind.DATA_RACE, result.bugs().get(0).bug().kind());
        assertTrue(runs[0] >= result.exploration().executions(), "the observer sees every explored run");
    }

    @Test
    void contradictorySettingsAreRejectedBeforeAnythingRuns() {
        assertThrows(IllegalArgumentException.class, () -> CheckRequest.forMainClass("examples.LostUpdate").strategy("bfs").build());
        assertThrows(IllegalArgumentException.class,
                () -> CheckRequest.forMainClass("examples.LostUpdate").strategy("dpor").raceQueries(5).build());
        assertThrows(IllegalArgumentException.class,
                () -> CheckRequest.forMainClass("examples.LostUpdate").timeLimit(Duration.ZERO).build());
        assertThrows(BadProgramException.class,
                () -> Checker.check(CheckRequest.forMainClass("examples.NoSuchClass").classpath(EXAMPLES).build()));
    }
}
