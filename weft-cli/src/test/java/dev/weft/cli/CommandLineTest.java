package dev.weft.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The command line end to end on the bundled examples: exit codes, outputs and files as DESIGN.md promises. */
class CommandLineTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    record Outcome(int exit, String out, String err) {
        JsonNode json() throws Exception {
            return JSON.readTree(out);
        }
    }

    static Outcome weft(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int exit = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
        return new Outcome(exit, out.toString(), err.toString());
    }

    static String examples() {
        try {
            return Path.of(examples.LostUpdate.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    static Outcome check(String... rest) {
        List<String> args = new ArrayList<>(List.of("check", "-cp", examples(), "--json"));
        args.addAll(List.of(rest));
        return weft(args.toArray(String[]::new));
    }

    @ParameterizedTest
    @ValueSource(strings = {"mcr", "dfs", "dpor"})
    void lostUpdateIsAnAssertionFailureThatReplays(String strategy, @TempDir Path dir) throws Exception {
        Outcome found = check("-s", strategy, "--report", dir.toString(), "examples.LostUpdate");
        assertEquals(Main.BUG, found.exit(), found.err());
        JsonNode summary = found.json();
        assertEquals("bug", summary.get("verdict").asText());
        JsonNode bug = summary.get("bugs").get(0);
        assertEquals("assertion", bug.get("kind").asText());
        assertTrue(bug.get("location").asText().startsWith("LostUpdate.java:"), bug.toString());
        assertTrue(bug.get("replayed").asBoolean());
        Path schedule = Path.of(bug.get("schedule").asText());
        assertTrue(Files.exists(schedule));
        assertTrue(Files.exists(dir.resolve("summary.json")));
        assertTrue(found.err().contains("BUG (assertion)"), found.err());

        Outcome replay = weft("replay", schedule.toString());
        assertEquals(Main.BUG, replay.exit(), replay.err());
        assertTrue(replay.err().contains("BUG (assertion)"), replay.err());
        assertTrue(replay.err().contains(bug.get("location").asText()), replay.err());
    }

    @Test
    void spuriousWakeupsAreExploredOnlyWhenAllowedAndTheScheduleFileKeepsTheSetting(@TempDir Path dir) throws Exception {
        Outcome off = check("--no-spurious-wakeups", "examples.oracle.WaitWithoutLoop");
        assertEquals(Main.OK, off.exit(), off.err());
        Outcome on = check("--spurious-wakeups", "--report", dir.toString(), "examples.oracle.WaitWithoutLoop");
        assertEquals(Main.BUG, on.exit(), on.err());
        Path schedule = Path.of(on.json().get("bugs").get(0).get("schedule").asText());
        JsonNode saved = JSON.readTree(schedule.toFile());
        assertTrue(saved.get("spuriousWakeups").asBoolean(), saved.toString());
        boolean spurious = false;
        for (JsonNode choice : saved.get("choices")) {
            spurious |= "spurious".equals(choice.path("returns").asText());
        }
        assertTrue(spurious, "the wait's spurious return is a choice of the schedule: " + saved);

        Outcome replay = weft("replay", schedule.toString());
        assertEquals(Main.BUG, replay.exit(), replay.err());
        assertTrue(replay.err().contains("wake up spuriously"), replay.err());
    }

    @ParameterizedTest
    @ValueSource(strings = {"mcr", "dfs", "dpor"})
    void lockedCounterIsCompleteWithoutBug(String strategy) throws Exception {
        Outcome ok = check("-s", strategy, "examples.LockedCounter");
        assertEquals(Main.OK, ok.exit(), ok.err());
        JsonNode summary = ok.json();
        assertEquals("ok", summary.get("verdict").asText());
        assertTrue(summary.get("complete").asBoolean());
        assertTrue(summary.get("executions").asLong() >= 1);
        assertEquals(0, summary.get("bugs").size());
    }

    @Test
    void lockOrderInversionIsADeadlock() throws Exception {
        Outcome found = check("examples.LockOrderInversion");
        assertEquals(Main.BUG, found.exit(), found.err());
        assertEquals("deadlock", found.json().get("bugs").get(0).get("kind").asText());
    }

    @Test
    void missedNotifyIsADeadlock() throws Exception {
        Outcome found = check("examples.MissedNotify");
        assertEquals(Main.BUG, found.exit(), found.err());
        assertEquals("deadlock", found.json().get("bugs").get(0).get("kind").asText());
    }

    @Test
    void checkThenActIsANullPointerException() throws Exception {
        Outcome found = check("examples.CheckThenActNull");
        assertEquals(Main.BUG, found.exit(), found.err());
        JsonNode bug = found.json().get("bugs").get(0);
        assertEquals("exception", bug.get("kind").asText());
        assertTrue(bug.get("message").asText().contains("NullPointerException"), bug.toString());
    }

    @Test
    void exitFromAThreadEndsTheRunNotTheChecker() throws Exception {
        Outcome found = check("examples.ExitInThread");
        assertEquals(Main.BUG, found.exit(), found.err());
        assertEquals("exit", found.json().get("bugs").get(0).get("kind").asText());
    }

    @Test
    void storeBufferingFailsOnlyUnderRelaxedModels() throws Exception {
        for (String strategy : List.of("mcr", "dfs")) {
            assertEquals(Main.OK, check("-s", strategy, "-m", "sc", "examples.StoreBuffering").exit(), strategy);
            assertEquals(Main.BUG, check("-s", strategy, "-m", "tso", "examples.StoreBuffering").exit(), strategy);
            assertEquals(Main.BUG, check("-s", strategy, "-m", "pso", "examples.StoreBuffering").exit(), strategy);
        }
    }

    @Test
    void aLimitReachedBeforeTheEndIsIncomplete() throws Exception {
        Outcome limited = check("-s", "dfs", "--max-executions", "1", "examples.LockedCounter");
        assertEquals(Main.INCOMPLETE, limited.exit(), limited.err());
        assertEquals("incomplete", limited.json().get("verdict").asText());
        assertFalse(limited.json().get("complete").asBoolean());
    }

    @Test
    void randomStrategiesAreNeverComplete() throws Exception {
        Outcome sampled = check("-s", "random", "--max-executions", "20", "examples.LockedCounter");
        assertEquals(Main.INCOMPLETE, sampled.exit(), sampled.err());
    }

    @Test
    void aRetryLoopLongerThanTheLoopBoundIsIncompleteUntilTheBoundIsRaised() throws Exception {
        Outcome cut = check("-s", "dpor", "examples.oracle.RetryBeyondBound");
        assertEquals(Main.INCOMPLETE, cut.exit(), cut.err());
        assertEquals("incomplete", cut.json().get("verdict").asText());
        assertTrue(cut.err().contains("loop bound 10 reached at RetryBeyondBound.java:14 in thread main.1"), cut.err());
        Outcome raised = check("-s", "dpor", "--loop-bound", "20", "examples.oracle.RetryBeyondBound");
        assertEquals(Main.OK, raised.exit(), raised.err());
    }

    @Test
    void aScheduleFileKeepsTheLoopBoundItsRunWasMadeWith(@TempDir Path dir) throws Exception {
        Outcome found = check("-s", "dfs", "--loop-bound", "4", "--report", dir.toString(), "examples.oracle.BoundedSpinGivesUp");
        assertEquals(Main.BUG, found.exit(), found.err());
        Path schedule = Path.of(found.json().get("bugs").get(0).get("schedule").asText());
        assertEquals(4, JSON.readTree(schedule.toFile()).get("loopBound").asInt());
        Outcome replay = weft("replay", schedule.toString());
        assertEquals(Main.BUG, replay.exit(), replay.err());
    }

    @Test
    void instrumentJdkFindsTheEntryHashMapLosesAndTheScheduleReplaysIt(@TempDir Path dir) throws Exception {
        Outcome found = check("--instrument-jdk", "java.util.HashMap", "--report", dir.toString(), "examples.jdkdeep.HashMapLostEntry");
        assertEquals(Main.BUG, found.exit(), found.err());
        JsonNode bug = found.json().get("bugs").get(0);
        assertEquals("assertion", bug.get("kind").asText());
        assertTrue(bug.get("replayed").asBoolean());
        Path schedule = Path.of(bug.get("schedule").asText());
        assertEquals("java.util.HashMap", JSON.readTree(schedule.toFile()).get("instrumentJdk").get(0).asText());
        Outcome replay = weft("replay", schedule.toString());
        assertEquals(Main.BUG, replay.exit(), replay.err());
        assertTrue(replay.err().contains("HashMap.java:"), replay.err());

        Outcome whole = check("examples.jdkdeep.HashMapLostEntry");
        assertEquals(Main.OK, whole.exit(), "without the option a put is one step: " + whole.err());
    }

    @Test
    void badInputGetsOneLineAndExitTwo() {
        for (String[] args : List.of(
                new String[] {"check", "-cp", examples(), "examples.NoSuchClass"},
                new String[] {"check", "-cp", "/no/such/dir", "examples.LostUpdate"},
                new String[] {"check", "-m", "arm", "examples.LostUpdate"},
                new String[] {"check", "-s", "magic", "examples.LostUpdate"},
                new String[] {"check", "--time-limit", "soon", "examples.LostUpdate"},
                new String[] {"check", "--loop-bound", "0", "examples.LostUpdate"},
                new String[] {"check", "-cp", examples(), "--instrument-jdk", "java.util.NoSuchMap", "examples.LostUpdate"},
                new String[] {"check", "-cp", examples(), "--instrument-jdk", "java.util.TreeMap", "examples.LostUpdate"},
                new String[] {"check"},
                new String[] {"replay", "/no/such/schedule.json"})) {
            Outcome bad = weft(args);
            assertEquals(Main.BAD_INPUT, bad.exit(), String.join(" ", args) + ": " + bad.err());
            assertTrue(bad.err().startsWith("weft: "), bad.err());
            assertEquals(1, bad.err().strip().lines().count(), bad.err());
        }
    }

    @Test
    void programArgumentsMayLookLikeOptions() throws Exception {
        Outcome ok = check("-s", "dfs", "examples.LockedCounter", "--json", "-m");
        assertEquals(Main.OK, ok.exit(), ok.err());
    }
}
