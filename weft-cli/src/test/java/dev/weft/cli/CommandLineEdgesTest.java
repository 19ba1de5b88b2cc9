package dev.weft.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line's edges (issue 23): what stdout holds, report folders, help pointers, verdict words, cut schedule files. */
class CommandLineEdgesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    /** Two threads that print each step to System.out. */
    static final String PRINTER = """
            public class Printer {
                static int x;
                public static void main(String[] args) throws Exception {
                    Thread t = new Thread(() -> { x = 1; System.out.println("child step"); });
                    t.start();
                    System.out.println("main step " + x);
                    t.join();
                }
            }
            """;

    @Test
    void withJsonStdoutHoldsOnlyTheSummaryAndTheProgramsOutputGoesToStderr(@TempDir Path dir) throws Exception {
        Path classes = Fixtures.compile(dir.resolve("classes"), PRINTER);
        PrintStream stdout = System.out;
        PrintStream stderr = System.err;
        ByteArrayOutputStream programOut = new ByteArrayOutputStream();
        ByteArrayOutputStream programErr = new ByteArrayOutputStream();
        CommandLineTest.Outcome checked;
        try {
            System.setOut(new PrintStream(programOut, true, StandardCharsets.UTF_8));
            System.setErr(new PrintStream(programErr, true, StandardCharsets.UTF_8));
            checked = CommandLineTest.weft("check", "-cp", classes.toString(), "--json", "Printer");
        } finally {
            System.setOut(stdout);
            System.setErr(stderr);
        }
        assertEquals(Main.OK, checked.exit(), checked.err());
        assertEquals("", programOut.toString(StandardCharsets.UTF_8), "the program printed to stdout");
        assertTrue(programErr.toString(StandardCharsets.UTF_8).contains("child step"), programErr.toString(StandardCharsets.UTF_8));
        assertEquals("ok", checked.json().get("verdict").asText());
        // --help says where the program's output goes.
        assertTrue(CommandLineTest.weft("check", "--help").out().replaceAll("\\s+", " ").contains("the program's output goes to stderr"));
    }

    @Test
    void aReusedReportFolderIsClearedOfEarlierSchedules(@TempDir Path dir) throws Exception {
        Path report = Files.createDirectories(dir.resolve("report"));
        Files.writeString(report.resolve("bug-7.json"), "{}");
        Files.writeString(report.resolve("notes.txt"), "the user's");
        CommandLineTest.Outcome ok = CommandLineTest.check("-s", "dfs", "--report", report.toString(), "examples.LockedCounter");
        assertEquals(Main.OK, ok.exit(), ok.err());
        assertFalse(Files.exists(report.resolve("bug-7.json")), "an earlier check's schedule file is left");
        assertTrue(Files.exists(report.resolve("notes.txt")), "a file Weft did not write was removed");
    }

    @Test
    void helpPointersHaveOneSpace() {
        assertTrue(CommandLineTest.weft("--bogus").err().contains("(see weft --help)"), CommandLineTest.weft("--bogus").err());
        assertTrue(CommandLineTest.weft("check", "--bogus").err().contains("(see weft check --help)"));
    }

    @Test
    void anIncompleteVerdictSaysWhichLimitNeverExhausted(@TempDir Path dir) throws Exception {
        CommandLineTest.Outcome bounded = CommandLineTest.check("-s", "icb", "--preemption-bound", "0", "--report", dir.toString(),
                "examples.LockedCounter");
        assertEquals(Main.INCOMPLETE, bounded.exit(), bounded.err());
        String html = Files.readString(dir.resolve("report.html"));
        assertFalse(html.contains("exhausted"), html);
        assertFalse(bounded.err().contains("exhausted"), bounded.err());
        assertTrue(bounded.err().contains("exploration incomplete (preemption bound)"), bounded.err());
    }

    @Test
    void aScheduleFileThatEndsBeforeTheRunIsBadInput(@TempDir Path dir) throws Exception {
        CommandLineTest.Outcome found = CommandLineTest.check("--report", dir.toString(), "examples.LostUpdate");
        Path schedule = Path.of(found.json().get("bugs").get(0).get("schedule").asText());
        ObjectNode saved = (ObjectNode) JSON.readTree(schedule.toFile());
        ArrayNode choices = (ArrayNode) saved.get("choices");
        int keep = choices.size() / 2;
        while (choices.size() > keep) {
            choices.remove(choices.size() - 1);
        }
        Path cut = dir.resolve("cut.json");
        JSON.writeValue(cut.toFile(), saved);
        CommandLineTest.Outcome replay = CommandLineTest.weft("replay", cut.toString());
        assertEquals(Main.BAD_INPUT, replay.exit(), replay.err());
        String last = replay.err().strip().lines().reduce((a, b) -> b).orElse("");
        assertTrue(last.startsWith("weft: ") && last.contains("before the run does"), replay.err());

        CommandLineTest.Outcome whole = CommandLineTest.weft("replay", schedule.toString());
        assertEquals(Main.BUG, whole.exit(), whole.err());
    }

    /** @WeftTest saves its schedules with the test method as the program ("Class#method"), which only JUnit can start. */
    @Test
    void aJUnitScheduleFileSaysInOneLineToReplayItWithWeftTest(@TempDir Path dir) throws Exception {
        CommandLineTest.Outcome found = CommandLineTest.check("--report", dir.toString(), "examples.LostUpdate");
        ObjectNode saved = (ObjectNode) JSON.readTree(Path.of(found.json().get("bugs").get(0).get("schedule").asText()).toFile());
        saved.put("mainClass", "examples.LostUpdateTest#twoThreadsCount");
        Path junit = dir.resolve("examples.LostUpdateTest.twoThreadsCount.json");
        JSON.writeValue(junit.toFile(), saved);

        CommandLineTest.Outcome replay = CommandLineTest.weft("replay", junit.toString());
        assertEquals(Main.BAD_INPUT, replay.exit(), replay.err());
        assertEquals(1, replay.err().strip().lines().count(), replay.err());
        assertTrue(replay.err().contains("@WeftTest(replay = \"" + junit + "\")")
                && replay.err().contains("examples.LostUpdateTest#twoThreadsCount"), replay.err());
    }

    static JsonNode parse(String text) throws Exception {
        return JSON.readTree(text);
    }
}
