package dev.weft.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.explore.ExplorationResult.Stop;
import dev.weft.explore.ExplorationResult.Verdict;
import dev.weft.instrument.InstrumentedProgram;
import dev.weft.report.ScheduleFile;
import dev.weft.runtime.ControlledExecutor;
import dev.weft.runtime.RunConfig;
import dev.weft.report.EventText;
import dev.weft.trace.Event;
import dev.weft.trace.InputValue;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.RunResult;
import java.io.File;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Program inputs ({@code dev.weft.Weft}) under the strategies that keep them fixed, in reports, schedule files and replays. */
class ProgramInputsTest {
    private static final List<String> EXAMPLES = List.of(RealRuns.examplesClasspath());
    private static final String M0 = "examples.inputs.InputAndSchedule";

    private static CheckResult check(String mainClass, String strategy, Map<String, Long> inputs) throws Exception {
        return Checker.check(CheckRequest.forMainClass(mainClass).classpath(EXAMPLES).strategy(strategy)
                .runConfig(RunConfig.of(MemoryModel.SC).withInputs(inputs)).build());
    }

    @Test
    void withTheirMinimumInputsTheRunsMissTheBugAndSaySo() throws Exception {
        for (String strategy : List.of("mcr", "dpor")) {
            CheckResult result = check(M0, strategy, Map.of());

            assertEquals(Verdict.INCOMPLETE, result.verdict(), strategy);
            assertTrue(result.exploration().incompleteReasons().stream().anyMatch(r -> r.kind().equals("inputs-fixed")), strategy);
        }
    }

    @Test
    void givenInputsFindTheBugThatReportsThemAndReplaysFromItsScheduleFile(@TempDir Path dir) throws Exception {
        CheckResult result = check(M0, "mcr", Map.of("i", 3L, "j", 2L));

        assertEquals(Verdict.BUG, result.verdict());
        assertEquals("i = 3, j = 2", InputValue.describe(result.bugs().get(0).trace().inputs()));
        List<Path> schedules = result.saveSchedules(dir);
        assertTrue(result.text(schedules, false).contains("with inputs i = 3, j = 2"), result.text(schedules, false));
        assertTrue(result.json(schedules).contains("\"inputs\" : {"), result.json(schedules));

        assertEquals(Map.of("i", 3L, "j", 2L), ScheduleFile.read(schedules.get(0)).runConfig().inputs());
        assertEquals(RunResult.Status.BUG, RealRuns.replay(schedules.get(0)).status());
    }

    @Test
    void aFailedAssumptionEndsTheRunAsNoBehaviour() throws Exception {
        CheckResult odd = check("examples.inputs.AssumedEven", "dpor", Map.of("n", 3L));
        assertEquals(Verdict.INCOMPLETE, odd.verdict(), "no bug: every run with n = 3 is ruled out");

        CheckResult even = check("examples.inputs.AssumedEven", "dpor", Map.of("n", 2L));
        assertEquals(Verdict.INCOMPLETE, even.verdict());
        assertFalse(even.exploration().incompleteReasons().stream().anyMatch(r -> !r.kind().equals("inputs-fixed")));
    }

    @Test
    void aGivenInputOutsideItsRangeIsRefused() throws Exception {
        CheckResult result = check(M0, "mcr", Map.of("i", 30L));

        assertEquals(Stop.UNSUPPORTED, result.exploration().stop());
        assertTrue(result.exploration().error().contains("input i = 30 is outside its range 0..10"), result.exploration().error());
    }

    @Test
    void aRunRecordsItsInputsAndAFailedAssumption() throws Exception {
        InstrumentedProgram program = InstrumentedProgram.open(String.join(File.pathSeparator, EXAMPLES), "examples.inputs.AssumedEven", List.of());
        RunResult run = new ControlledExecutor(program, RunConfig.of(MemoryModel.SC).withInputs(Map.of("n", 1L)))
                .run(point -> point.enabled().get(0));

        assertEquals(RunResult.Status.ASSUMPTION_FAILED, run.status());
        assertEquals(List.of(new InputValue("n", 'I', 0, 5, 1)), run.trace().inputs());
        Event end = run.trace().get(run.trace().size() - 1);
        assertEquals("assume failed", EventText.describe(end, run.trace()), "shown as what it is, not as exit(0)");
    }

    /**
     * A plain {@code java} run (Weft's runtime not involved) with {@code -Dweft.input.n=v} ends as the
     * Weft runs with that input do: an odd n breaks the assumption, an even one completes.
     */
    @Test
    void plainRunsWithTheSameInputAgree() throws Exception {
        for (long n = 0; n <= 5; n++) {
            Set<RunResult.Status> statuses = EnumSet.noneOf(RunResult.Status.class);
            CheckResult weft = Checker.check(CheckRequest.forMainClass("examples.inputs.AssumedEven").classpath(EXAMPLES).strategy("dpor")
                    .runConfig(RunConfig.of(MemoryModel.SC).withInputs(Map.of("n", n))).observeRuns(run -> statuses.add(run.status())).build());
            boolean weftRuledOut = statuses.equals(EnumSet.of(RunResult.Status.ASSUMPTION_FAILED));
            Process plain = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Dweft.input.n=" + n,
                    "-cp", String.join(File.pathSeparator, EXAMPLES.get(0), RealRuns.classpathOf(dev.weft.Weft.class)),
                    "examples.inputs.AssumedEven").redirectErrorStream(true).start();
            String output = new String(plain.getInputStream().readAllBytes());
            boolean plainRuledOut = plain.waitFor() != 0 && output.contains("Weft$AssumptionViolated");
            assertEquals(plainRuledOut, weftRuledOut, "n = " + n + ": " + output);
            assertEquals(n % 2 == 1, plainRuledOut, "n = " + n + ": " + output);
            assertTrue(weft.bugs().isEmpty(), "n = " + n);
        }
    }
}
