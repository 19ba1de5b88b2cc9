package dev.weft.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --input NAME=VALUE}: the value every run gives a program input; the bug's report, schedule file and replay keep it. */
class ProgramInputOptionTest {
    private static final String M0 = "examples.inputs.InputAndSchedule";

    @Test
    void givenInputsReachTheBugAndItsReplay(@TempDir Path dir) throws Exception {
        CommandLineTest.Outcome found = CommandLineTest.check("--input", "i=3", "--input", "j=2", "--report", dir.toString(), M0);
        assertEquals(Main.BUG, found.exit(), found.err());
        JsonNode bug = found.json().get("bugs").get(0);
        assertEquals(3, bug.get("inputs").get("i").asInt(), bug.toString());

        CommandLineTest.Outcome replay = CommandLineTest.weft("replay", bug.get("schedule").asText());
        assertEquals(Main.BUG, replay.exit(), replay.err());
        assertTrue(replay.err().contains("with inputs i = 3, j = 2"), replay.err());
    }

    @Test
    void withoutThemTheCheckIsIncompleteAndSaysWhy() throws Exception {
        CommandLineTest.Outcome fixed = CommandLineTest.check(M0);
        assertEquals(Main.INCOMPLETE, fixed.exit(), fixed.err());
        assertEquals("inputs-fixed", fixed.json().get("incompleteReasons").get(0).get("kind").asText(), fixed.err());
    }

    @Test
    void aMalformedOrOutOfRangeInputIsBadInput() {
        assertEquals(Main.BAD_INPUT, CommandLineTest.check("--input", "i", M0).exit());
        assertEquals(Main.BAD_INPUT, CommandLineTest.check("--input", "i=three", M0).exit());
        assertEquals(Main.BAD_INPUT, CommandLineTest.check("--input", "i=11", M0).exit());
    }
}
