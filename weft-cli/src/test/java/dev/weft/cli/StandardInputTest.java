package dev.weft.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Standard input is read once and every run reads the same bytes (issue 16, item 5): StdinThreshold
 * fails only with a lost update below the threshold it reads, so with "2" piped in every complete
 * strategy must find the bug, which only later runs show; the schedule file keeps the input, so a
 * replay without any input reproduces the bug.
 */
class StandardInputTest {

    @ParameterizedTest
    @ValueSource(strings = {"mcr", "dpor", "dfs"})
    void everyRunReadsTheInputAndTheReplayNeedsNone(String strategy, @TempDir Path dir) throws Exception {
        CommandLineTest.Outcome found = withInput("2\n", () -> CommandLineTest.check("-s", strategy, "--report", dir.toString(),
                "examples.oracle.StdinThreshold"));
        assertEquals(Main.BUG, found.exit(), found.err());
        JsonNode bug = found.json().get("bugs").get(0);
        assertTrue(bug.get("message").asText().contains("below the threshold 2"), bug.toString());
        Path schedule = Path.of(bug.get("schedule").asText());
        assertTrue(Files.readString(schedule).contains("\"stdin\" : \"2\\n\""), Files.readString(schedule));

        CommandLineTest.Outcome replay = withInput("", () -> CommandLineTest.weft("replay", schedule.toString()));
        assertEquals(Main.BUG, replay.exit(), replay.err());
        assertTrue(replay.err().contains("below the threshold 2"), replay.err());
    }

    @ParameterizedTest
    @ValueSource(strings = {"mcr", "dpor", "dfs"})
    void withoutInputNoRunCanFail(String strategy) throws Exception {
        CommandLineTest.Outcome ok = withInput("", () -> CommandLineTest.check("-s", strategy, "examples.oracle.StdinThreshold"));
        assertEquals(Main.OK, ok.exit(), ok.err());
    }

    private static CommandLineTest.Outcome withInput(String text, java.util.function.Supplier<CommandLineTest.Outcome> command) {
        InputStream saved = System.in;
        System.setIn(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
        try {
            return command.get();
        } finally {
            System.setIn(saved);
        }
    }
}
