package dev.weft.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The report options of weft check: report.html, races, --fail-on-race, --full-trace, --progress. */
class ReportOptionsTest {

    @Test
    void reportDirectoryGetsAnHtmlReportWithTheBugAndItsTable(@TempDir Path dir) throws Exception {
        CommandLineTest.Outcome found = CommandLineTest.check("--report", dir.toString(), "examples.LostUpdate");
        assertEquals(Main.BUG, found.exit(), found.err());
        String html = Files.readString(dir.resolve("report.html"));
        assertTrue(html.contains("Bug 1: assertion in thread <code>main</code> at <code>LostUpdate.java:25</code>"), html);
        assertTrue(html.contains("<table class=\"interleaving\""), html);
        assertTrue(html.contains("weft replay " + dir.resolve("bug-1.json").toAbsolutePath()), html);
        JsonNode races = found.json().get("races");
        assertEquals(1, races.size(), races.toString());
        assertEquals("LostUpdate.counter", races.get(0).get("address").asText());
        assertTrue(found.err().contains("DATA RACE"), found.err());
    }

    @Test
    void failOnRaceMakesARaceABugThatReplays(@TempDir Path dir) throws Exception {
        CommandLineTest.Outcome plain = CommandLineTest.check("examples.crosscheck.RacyIncrements");
        assertEquals(Main.OK, plain.exit(), plain.err());
        assertEquals(1, plain.json().get("races").size());

        CommandLineTest.Outcome failing = CommandLineTest.check("--fail-on-race", "--report", dir.toString(), "examples.crosscheck.RacyIncrements");
        assertEquals(Main.BUG, failing.exit(), failing.err());
        JsonNode bug = failing.json().get("bugs").get(0);
        assertEquals("data-race", bug.get("kind").asText());
        assertEquals("bug", failing.json().get("verdict").asText());
        assertTrue(bug.get("replayed").asBoolean());

        CommandLineTest.Outcome replay = CommandLineTest.weft("replay", bug.get("schedule").asText());
        assertEquals(Main.BUG, replay.exit(), replay.err());
        assertTrue(replay.err().contains("BUG (data-race)"), replay.err());
    }

    @Test
    void aPredictedRaceIsReportedAsPredictedAndReplaysAsABug(@TempDir Path dir) throws Exception {
        // HiddenRace's first run orders the write and the read through the lock; prediction finds the race from that run.
        CommandLineTest.Outcome first = CommandLineTest.check("--max-executions", "1", "--fail-on-race", "--report", dir.toString(), "examples.HiddenRace");
        assertEquals(Main.BUG, first.exit(), first.err());
        JsonNode json = first.json();
        assertTrue(json.get("racePrediction").asBoolean(), json.toString());
        assertEquals(0, json.get("raceQueriesUnknown").asInt(), json.toString());
        JsonNode race = json.get("races").get(0);
        assertTrue(race.get("predicted").asBoolean(), race.toString());
        assertEquals(1, race.get("execution").asInt(), race.toString());
        assertTrue(first.err().contains("predicted from execution 1"), first.err());
        JsonNode bug = json.get("bugs").get(0);
        assertEquals("data-race", bug.get("kind").asText());
        assertTrue(bug.get("replayed").asBoolean());
        CommandLineTest.Outcome replay = CommandLineTest.weft("replay", bug.get("schedule").asText());
        assertEquals(Main.BUG, replay.exit(), replay.err());

        CommandLineTest.Outcome off = CommandLineTest.check("--max-executions", "1", "--race-queries", "0", "examples.HiddenRace");
        assertEquals(0, off.json().get("races").size(), off.out());
        assertFalse(off.json().get("racePrediction").asBoolean());
    }

    @Test
    void raceQueriesNeedMcrAndACount() throws Exception {
        CommandLineTest.Outcome dpor = CommandLineTest.check("-s", "dpor", "--race-queries", "10", "examples.HiddenRace");
        assertEquals(Main.BAD_INPUT, dpor.exit(), dpor.err());
        assertTrue(dpor.err().contains("--race-queries needs --strategy mcr"), dpor.err());
        assertEquals(Main.BAD_INPUT, CommandLineTest.check("--race-queries", "-1", "examples.HiddenRace").exit());
        CommandLineTest.Outcome observed = CommandLineTest.check("-s", "dpor", "examples.HiddenRace");
        assertEquals(Main.OK, observed.exit(), observed.err());
        assertFalse(observed.json().get("racePrediction").asBoolean());
        assertEquals(1, observed.json().get("races").size(), observed.out());
    }

    @Test
    void fullTraceShowsEventsOutsideTheCausalPast() {
        CommandLineTest.Outcome past = CommandLineTest.check("examples.CheckThenActNull");
        assertTrue(past.err().contains("--full-trace shows all"), past.err());
        CommandLineTest.Outcome full = CommandLineTest.check("--full-trace", "examples.CheckThenActNull");
        assertFalse(full.err().contains("--full-trace shows all"), full.err());
        assertTrue(full.err().matches("(?s).*interleaving \\(all \\d+ events.*"), full.err());
    }

    @Test
    void progressOptionPrintsProgressLines() {
        CommandLineTest.Outcome run = CommandLineTest.check("--progress", "examples.LockedCounter");
        assertEquals(Main.OK, run.exit(), run.err());
        // A check shorter than the first second still ends with one line.
        assertTrue(run.err().matches("(?s)weft: \\d+ runs?, .*"), run.err());
        CommandLineTest.Outcome quiet = CommandLineTest.check("examples.LockedCounter");
        assertFalse(quiet.err().contains("weft: "), quiet.err());
    }
}
