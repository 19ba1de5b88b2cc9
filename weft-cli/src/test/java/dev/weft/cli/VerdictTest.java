package dev.weft.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What the verdict claims and what the exit status says: reasons against completeness, limits kept, bad input, Weft's own failures. */
class VerdictTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static List<String> reasonKinds(JsonNode summary) {
        List<String> kinds = new ArrayList<>();
        summary.get("incompleteReasons").forEach(r -> kinds.add(r.get("kind").asText()));
        return kinds;
    }

    private static void assertOneLineBadInput(CommandLineTest.Outcome bad, String expected) {
        assertEquals(Main.BAD_INPUT, bad.exit(), bad.err());
        assertTrue(bad.err().startsWith("weft: "), bad.err());
        assertEquals(1, bad.err().strip().lines().count(), bad.err());
        assertTrue(bad.err().contains(expected), bad.err());
        assertEquals("", bad.out());
    }

    @Test
    void completeMeansNoReasonAndEveryOtherEndSaysWhy() throws Exception {
        JsonNode complete = CommandLineTest.check("-s", "dfs", "examples.LockedCounter").json();
        assertTrue(complete.get("complete").asBoolean());
        assertEquals(List.of(), reasonKinds(complete));

        CommandLineTest.Outcome limited = CommandLineTest.check("-s", "dfs", "--max-executions", "1", "examples.LockedCounter");
        assertEquals(Main.INCOMPLETE, limited.exit());
        assertEquals(List.of("max-executions"), reasonKinds(limited.json()));
        assertEquals("the exploration stopped at its limit of 1 executions", limited.json().get("incompleteReasons").get(0).get("message").asText());
        assertTrue(limited.err().contains("not every behaviour was covered:\n  - the exploration stopped at its limit of 1 executions\n"),
                limited.err());
        assertTrue(limited.err().contains("exploration incomplete (max executions)"), limited.err());
        assertFalse(limited.err().contains("exhausted"), limited.err());

        JsonNode sampled = CommandLineTest.check("-s", "random", "--max-executions", "5", "examples.LockedCounter").json();
        assertEquals(List.of("max-executions", "sampling"), reasonKinds(sampled));
        JsonNode bounded = CommandLineTest.check("-s", "icb", "--preemption-bound", "0", "examples.LockedCounter").json();
        assertEquals(List.of("preemption-bound"), reasonKinds(bounded));
        assertTrue(bounded.get("incompleteReasons").get(0).get("count").asLong() >= 1);
    }

    @Test
    void theHtmlReportListsTheReasons(@TempDir Path dir) throws Exception {
        CommandLineTest.check("-s", "dfs", "--max-executions", "1", "--report", dir.toString(), "examples.LockedCounter");
        String html = Files.readString(dir.resolve("report.html"));
        assertTrue(html.contains("<li>the exploration stopped at its limit of 1 executions</li>"), html);
        assertEquals(List.of("max-executions"), reasonKinds(JSON.readTree(dir.resolve("summary.json").toFile())));
    }

    @Test
    void aTimeLimitNeedsAWholeNumberAndAUnit() {
        for (String limit : List.of("2", "1.5s", "0s", "-1s")) {
            CommandLineTest.Outcome bad = CommandLineTest.check("--time-limit", limit, "examples.LockedCounter");
            assertEquals(Main.BAD_INPUT, bad.exit(), limit + ": " + bad.err());
            assertEquals(1, bad.err().strip().lines().count(), bad.err());
        }
        assertTrue(CommandLineTest.check("--time-limit", "2", "examples.LockedCounter").err().contains("unit"));
    }

    @Test
    void strategiesThatDoNotKnowTheJmmRefuseIt() throws Exception {
        for (String strategy : List.of("mcr", "icb", "pct")) {
            assertOneLineBadInput(CommandLineTest.check("-m", "jmm", "-s", strategy, "examples.litmus.MP"), "does not support -m jmm");
        }
    }

    @Test
    void underTheJmmDporFindsWhatOnlyTheJmmAllowsAndSaysLoadBufferingIsNotCovered() throws Exception {
        JsonNode iriw = CommandLineTest.check("-m", "jmm", "-s", "dpor", "examples.litmus.IRIW").json();
        assertEquals("bug", iriw.get("verdict").asText(), iriw.toString());
        JsonNode lb = CommandLineTest.check("-m", "jmm", "-s", "dpor", "examples.litmus.LB").json();
        assertFalse(lb.get("complete").asBoolean());
        assertEquals(List.of("jmm-load-buffering"), reasonKinds(lb));
    }

    @Test
    void aReportThatCannotBeWrittenFailsBeforeTheExploration(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("report.txt"), "a file");
        assertOneLineBadInput(CommandLineTest.check("--report", file.toString(), "examples.LostUpdate"), "is not a directory");
        // Below a file: no directory can be made there. Nothing was explored (no bug reported, no schedule saved).
        assertOneLineBadInput(CommandLineTest.check("--report", file.resolve("sub").toString(), "examples.LostUpdate"), "cannot be written");
    }

    @Test
    void aReportThatFailsToBeWrittenAfterTheExplorationIsWeftsError(@TempDir Path dir) throws Exception {
        Path classes = Fixtures.compile(dir.resolve("classes"), Fixtures.REPORT_SPOILER);
        Path report = dir.resolve("report");
        CommandLineTest.Outcome failed = CommandLineTest.weft("check", "-cp", classes.toString(), "--json", "--report", report.toString(),
                "ReportSpoiler", report.toString());
        assertEquals(Main.ERROR, failed.exit(), failed.err());
        JsonNode summary = failed.json();
        assertEquals("error", summary.get("verdict").asText());
        assertFalse(summary.get("complete").asBoolean());
        assertTrue(summary.get("error").asText().startsWith("Weft failed: cannot write the report: "), summary.toString());
        assertTrue(reasonKinds(summary).contains("error"));
        assertTrue(failed.err().contains("a failure of Weft, not of the program"), failed.err());
        assertFalse(failed.err().contains("\tat "), "no stack trace: " + failed.err());
    }

    @Test
    void aScheduleFileThatIsNotOneIsBadInput(@TempDir Path dir) throws Exception {
        CommandLineTest.Outcome found = CommandLineTest.check("--report", dir.toString(), "examples.LostUpdate");
        Path schedule = Path.of(found.json().get("bugs").get(0).get("schedule").asText());
        ObjectNode saved = (ObjectNode) JSON.readTree(schedule.toFile());

        Path unknownModel = dir.resolve("arm.json");
        JSON.writeValue(unknownModel.toFile(), saved.deepCopy().put("memoryModel", "arm"));
        assertOneLineBadInput(CommandLineTest.weft("replay", unknownModel.toString()), "unknown memory model 'arm' (sc, tso, pso or jmm)");

        Path numberChoice = dir.resolve("number.json");
        ObjectNode withNumber = saved.deepCopy();
        withNumber.withArray("choices").insert(0, 7);
        JSON.writeValue(numberChoice.toFile(), withNumber);
        assertOneLineBadInput(CommandLineTest.weft("replay", numberChoice.toString()), "choice 0 (7) is neither a thread name, a step that returned otherwise, a flush nor a run of steps");

        Path noMain = dir.resolve("no-main.json");
        JSON.writeValue(noMain.toFile(), saved.deepCopy().put("mainClass", 3));
        assertOneLineBadInput(CommandLineTest.weft("replay", noMain.toString()), "is not a valid schedule file");

        Path unknownField = dir.resolve("field.json");
        ObjectNode withField = saved.deepCopy();
        ObjectNode flush = JSON.createObjectNode().put("thread", "main");
        flush.putObject("flush").put("kind", "STATIC_FIELD").put("field", "NoSuch.field");
        withField.withArray("choices").insert(0, flush);
        JSON.writeValue(unknownField.toFile(), withField);
        assertOneLineBadInput(CommandLineTest.weft("replay", unknownField.toString()), "which the program has not touched");
    }

    @Test
    void classFilesThisJvmCannotRunAreBadInputNotBugs(@TempDir Path dir) throws Exception {
        Path classes = Fixtures.compile(dir.resolve("classes"), Fixtures.MANY_INCREMENTS);
        int major = 44 + Runtime.version().feature();
        Fixtures.setVersion(classes.resolve("ManyIncrements.class"), major, 0xffff);
        CommandLineTest.Outcome preview = CommandLineTest.weft("check", "-cp", classes.toString(), "ManyIncrements");
        assertOneLineBadInput(preview, "compiled with preview features: pass --enable-preview to the JVM running Weft, e.g. WEFT_JAVA_OPTS=--enable-preview");

        Fixtures.setVersion(classes.resolve("ManyIncrements.class"), major + 1, 0);
        assertOneLineBadInput(CommandLineTest.weft("check", "-cp", classes.toString(), "ManyIncrements"),
                "is compiled for Java " + (Runtime.version().feature() + 1) + ", newer than the Java");
    }

    /** Checks {@code mainClass}, compiled from {@code source}, with a time limit of one second, which it reaches: its JSON summary. */
    private static JsonNode checkedForOneSecond(Path dir, String source, String mainClass) throws Exception {
        Path classes = Fixtures.compile(dir.resolve("classes"), source);
        CommandLineTest.Outcome limited = CommandLineTest.weft("check", "-cp", classes.toString(), "--json", "--time-limit", "1s", mainClass);
        assertEquals(Main.INCOMPLETE, limited.exit(), limited.err());
        JsonNode summary = limited.json();
        assertEquals("incomplete", summary.get("verdict").asText());
        assertEquals("time-limit", summary.get("stopReason").asText());
        assertEquals("time-limit", reasonKinds(summary).get(0));
        return summary;
    }

    @Test
    void theTimeLimitStopsSolvingAndRacePredictionAndIsTheReason(@TempDir Path dir) throws Exception {
        JsonNode summary = checkedForOneSecond(dir, Fixtures.MANY_INCREMENTS, "ManyIncrements");
        assertEquals(1, summary.get("races").size(), summary.get("races").toString());
    }

    /** A run in progress when the time limit passes is stopped: without that, this one would end only at the stuck timeout, as a livelock. */
    @Test
    void aRunInProgressStopsAtTheTimeLimit(@TempDir Path dir) throws Exception {
        JsonNode summary = checkedForOneSecond(dir, Fixtures.LONG_COMPUTATION, "LongComputation");
        assertEquals(List.of("time-limit"), reasonKinds(summary));
        assertEquals(0, summary.get("executions").asInt(), "a stopped run stands for nothing");
    }

    /** A weft process of its own with a small heap, checking {@code mainClass} of {@code classes}: its exit status, stdout and stderr. */
    private static CommandLineTest.Outcome weftWithSmallHeap(Path classes, Path dir, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx256m",
                "-cp", System.getProperty("java.class.path"), Main.class.getName(), "check", "-cp", classes.toString(), "--json"));
        command.addAll(List.of(args));
        Path out = dir.resolve("out.json");
        Path err = dir.resolve("err.txt");
        Process weft = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        if (!weft.waitFor(300, TimeUnit.SECONDS)) {
            weft.destroyForcibly();
            throw new AssertionError("weft did not end: " + Files.readString(err));
        }
        return new CommandLineTest.Outcome(weft.exitValue(), Files.readString(out), Files.readString(err));
    }

    /** The program's OutOfMemoryError is its bug, in its thread; the checker survives it, also when the memory stays taken. */
    @Test
    void theProgramRunningOutOfMemoryIsItsBugAndTheCheckerSurvives(@TempDir Path dir) throws Exception {
        Path classes = Fixtures.compile(dir.resolve("classes"), Fixtures.LOCAL_HOG, Fixtures.STATIC_HOG);
        for (String[] program : List.of(new String[] {"LocalHog", "main"}, new String[] {"StaticHog", "main.1"})) {
            // The filler repeats its shared steps on every round: a loop bound past the heap lets it run out of memory.
            CommandLineTest.Outcome found = weftWithSmallHeap(classes, dir, "-s", "dfs", "--max-executions", "3", "--all-bugs",
                    "--loop-bound", "10000000", program[0]);
            assertEquals(Main.BUG, found.exit(), program[0] + ": " + found.err());
            JsonNode bug = found.json().get("bugs").get(0);
            assertEquals("exception", bug.get("kind").asText(), bug.toString());
            assertEquals("OutOfMemoryError: Java heap space", bug.get("message").asText(), bug.toString());
            assertEquals(program[1], bug.get("thread").asText(), bug.toString());
            assertTrue(bug.get("location").asText().startsWith(program[0] + ".java:"), bug.toString());
            assertTrue(bug.get("replayed").asBoolean(), bug.toString());
        }
    }

    /** SIGTERM to a real weft process: it stops, writes its report and exits with the verdict's status, not the signal's. */
    @Test
    void aTerminationSignalEndsTheCheckWithItsReport(@TempDir Path dir) throws Exception {
        Path classes = Fixtures.compile(dir.resolve("classes"), Fixtures.MANY_INCREMENTS);
        Path report = dir.resolve("report");
        Path out = dir.resolve("out.json");
        Path err = dir.resolve("err.txt");
        Process weft = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "check", "-cp", classes.toString(), "--json", "--progress", "--report", report.toString(), "ManyIncrements")
                .redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        // Signalled once a progress line says a run is over, while it explores the many more it needs.
        while (weft.isAlive() && !Files.readString(err).matches("(?s).*weft: [1-9][0-9]* runs?,.*")) {
            Thread.sleep(50);
        }
        assertTrue(weft.isAlive(), Files.readString(err));
        weft.destroy();
        if (!weft.waitFor(60, TimeUnit.SECONDS)) {
            weft.destroyForcibly();
            throw new AssertionError("weft did not end after SIGTERM: " + Files.readString(err));
        }
        assertEquals(Main.INCOMPLETE, weft.exitValue(), Files.readString(err));
        JsonNode summary = JSON.readTree(out.toFile());
        assertEquals("cancelled", summary.get("stopReason").asText());
        assertEquals("cancelled", reasonKinds(summary).get(0));
        assertTrue(Files.exists(report.resolve("report.html")));
        assertEquals(summary, JSON.readTree(report.resolve("summary.json").toFile()));
    }
}
