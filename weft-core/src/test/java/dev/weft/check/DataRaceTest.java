package dev.weft.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.explore.ExplorationResult;
import dev.weft.explore.Explorer;
import dev.weft.explore.FoundBug;
import dev.weft.explore.Limits;
import dev.weft.explore.McrStrategy;
import dev.weft.explore.ProgramRunner;
import dev.weft.instrument.InstrumentedProgram;
import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.report.HtmlReport;
import dev.weft.report.Interleaving;
import dev.weft.report.JsonSummary;
import dev.weft.report.ProgramSpec;
import dev.weft.report.Progress;
import dev.weft.report.Race;
import dev.weft.report.TextReport;
import dev.weft.report.RaceCollector;
import dev.weft.runtime.ControlledExecutor;
import dev.weft.runtime.RunConfig;
import dev.weft.solver.SolverKind;
import dev.weft.trace.BugKind;
import dev.weft.trace.MemoryModel;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** Data races over every run of real explorations of the bundled examples. */
class DataRaceTest {

    /** Far more runs than MCR needs for any of these programs; the race-free ones must also be explored completely. */
    private static final long RUN_LIMIT = 10_000;

    record Explored(ExplorationResult result, RaceCollector races, ProgramRunner runner, Progress progress) {
    }

    private static Explored explore(String mainClass, MemoryModel model) throws Exception {
        InstrumentedProgram program = InstrumentedProgram.open(RealRuns.examplesClasspath(), mainClass, List.of());
        ControlledExecutor executor = new ControlledExecutor(program, RunConfig.of(model));
        RaceCollector races = new RaceCollector();
        ProgramRunner runner = races.observe(executor::run);
        McrStrategy mcr = new McrStrategy(SolverKind.ORDER, model, dev.weft.solver.Limits.NONE);
        Progress progress = new Progress(null, false, 0);
        Explorer.Listener both = (runs, pending, bugs, seconds) -> {
            races.afterRun(runs, pending, bugs, seconds);
            progress.afterRun(runs, pending, bugs, seconds);
        };
        ExplorationResult result = new Explorer(runner, mcr, new Limits(RUN_LIMIT, null, true), both).explore();
        return new Explored(result, races, executor::run, progress);
    }

    @ParameterizedTest
    @EnumSource(MemoryModel.class)
    void racyCounterHasExactlyOneRacyPairOfLocations(MemoryModel model) throws Exception {
        List<Race> races = explore("examples.LostUpdate", model).races().races();
        assertEquals(1, races.size(), races.toString());
        Race race = races.get(0);
        assertEquals("LostUpdate.counter", race.address());
        assertEquals("LostUpdate.java:13", race.first().location().fileAndLine());
        assertEquals("LostUpdate.java:13", race.second().location().fileAndLine());
        assertEquals(Set.of("main.1", "main.2"), race.threads());
        assertEquals(List.of("LostUpdate.java:13", "LostUpdate.java:13"),
                List.of(race.toJson().get("locations").get(0).asText(), race.toJson().get("locations").get(1).asText()));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "examples.LockedCounter",                      // every access under one monitor
        "examples.litmus.SBVolatile",                   // volatile accesses; results ordered by start/join
        "examples.DoubleCheckedLockingVolatile",        // volatile publication of a constructed object
        "examples.crosscheck.WaitNotifyHandoff",        // wait/notify
        "examples.crosscheck.NotifyAllWakeOrder",       // wait/notifyAll, three threads
        "examples.crosscheck.ConditionTickets",         // ReentrantLock and Condition
        "examples.BoundedBufferCondition",              // ReentrantLock with two Conditions
        "examples.crosscheck.ReadWriteSnapshot",        // ReentrantReadWriteLock
        "examples.crosscheck.AtomicTickets",            // atomics only
        "examples.CasCounter"                           // compareAndSet loop
    })
    void synchronizedProgramsHaveNoRace(String mainClass) throws Exception {
        for (MemoryModel model : List.of(MemoryModel.SC, MemoryModel.PSO)) {
            Explored explored = explore(mainClass, model);
            assertTrue(explored.result().complete(), mainClass);
            assertEquals(List.of(), explored.races().races().stream().map(Race::describe).toList(), mainClass + " under " + model);
        }
    }

    @Test
    void plainDataReadWithoutSeeingTheVolatileFlagRaces() throws Exception {
        // MPVolatile's reader reads x whether or not it saw y = 1; when it did not, nothing orders the two accesses of x.
        // (PSO: under SC, MCR currently never explores the run in which the reader sees y = 0.)
        List<Race> races = explore("examples.litmus.MPVolatile", MemoryModel.PSO).races().races();
        assertEquals(List.of("MPVolatile.x: write at MPVolatile.java:13 / read at MPVolatile.java:14 (threads main.1, main.2)"),
                races.stream().map(Race::describe).toList());
    }

    @Test
    void joinOrdersOnlyTheJoinedWriter() throws Exception {
        List<String> races = explore("examples.crosscheck.JoinChain", MemoryModel.SC).races().races().stream().map(Race::describe).toList();
        // x = 1 and x = 2 race with each other, and x = 2 with main's and the late thread's reads; main joined only the first writer.
        assertEquals(3, races.size(), races.toString());
        assertTrue(races.stream().allMatch(r -> r.startsWith("JoinChain.x: ")), races.toString());
    }

    @Test
    void racesAppearInTheJsonTextAndHtmlReports() throws Exception {
        Explored explored = explore("examples.crosscheck.RacyIncrements", MemoryModel.SC);
        List<Race> races = explored.races().races();
        ProgramSpec program = new ProgramSpec(List.of(), "examples.crosscheck.RacyIncrements", List.of());
        JsonNode json = JsonSummary.of(program, MemoryModel.SC, explored.result(), List.of(), races).get("races");
        assertEquals(1, json.size(), json.toString());
        assertEquals("RacyIncrements.count", json.get(0).get("address").asText());
        assertEquals("RacyIncrements.java:18", json.get(0).get("locations").get(0).asText());
        assertEquals("RacyIncrements.java:18", json.get(0).get("locations").get(1).asText());
        String text = TextReport.render(program, MemoryModel.SC, explored.result(), List.of(), races, false);
        assertTrue(text.contains("DATA RACE (unordered accesses, at least one a plain write):\n  RacyIncrements.count: "), text);
        String html = HtmlReport.render(program, MemoryModel.SC, explored.result(), List.of(), races, explored.progress().samples());
        assertTrue(html.contains("<h2>Data races (1)</h2>"), html);
        assertTrue(html.contains("<td><code>RacyIncrements.count</code></td>"), html);
        assertTrue(html.contains("<polyline"), html);
    }

    @Test
    void failOnRaceTurnsEachRaceIntoADataRaceBugThatReplays() throws Exception {
        Explored explored = explore("examples.crosscheck.RacyIncrements", MemoryModel.SC);
        assertEquals(ExplorationResult.Verdict.OK, explored.result().verdict());
        ExplorationResult failing = explored.races().withRacesAsBugs(explored.result(), explored.runner());
        assertEquals(ExplorationResult.Verdict.BUG, failing.verdict());
        assertEquals(explored.races().races().size(), failing.bugs().size());
        for (FoundBug bug : failing.bugs()) {
            assertEquals(BugKind.DATA_RACE, bug.bug().kind());
            assertTrue(bug.replayed(), bug.bug().message());
            assertTrue(bug.bug().message().startsWith("data race on RacyIncrements."), bug.bug().message());
            String table = Interleaving.of(bug.trace(), bug.bug(), false).toText("");
            assertTrue(table.matches("(?s).*RacyIncrements.java:18 (read|write) RacyIncrements.count.*"
                    + "RacyIncrements.java:18 (read|write) RacyIncrements.count.*"), table);
        }
    }
}
