package dev.weft.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.explore.Deadline;
import dev.weft.explore.ExplorationResult;
import dev.weft.explore.Explorer;
import dev.weft.explore.FoundBug;
import dev.weft.explore.ExplorationLimits;
import dev.weft.explore.McrStrategy;
import dev.weft.runtime.ProgramRunner;
import dev.weft.explore.Strategy;
import dev.weft.instrument.InstrumentedProgram;
import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.report.HtmlReport;
import dev.weft.report.Interleaving;
import dev.weft.report.JsonSummary;
import dev.weft.report.ProgramSpec;
import dev.weft.report.Progress;
import dev.weft.race.Race;
import dev.weft.report.TextReport;
import dev.weft.race.RaceCollector;
import dev.weft.race.RacePrediction;
import dev.weft.runtime.ControlledExecutor;
import dev.weft.runtime.RunConfig;
import dev.weft.solver.QueryLimits;
import dev.weft.solver.SolverKind;
import dev.weft.trace.BugKind;
import dev.weft.trace.IncompleteReason;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.RunResult;
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
        List<String> describe() {
            return races.races().stream().map(Race::describe).toList();
        }
    }

    /** MCR with race prediction, as {@code weft check} runs it. */
    static Explored explore(String mainClass, MemoryModel model) throws Exception {
        return explore(mainClass, model, new McrStrategy(SolverKind.ORDER, model, QueryLimits.NONE), RUN_LIMIT,
                RacePrediction.DEFAULT_QUERIES_PER_TRACE);
    }

    /** @param raceQueries race queries per run (0: observed races only) */
    static Explored explore(String mainClass, MemoryModel model, Strategy strategy, long runLimit, int raceQueries) throws Exception {
        InstrumentedProgram program = InstrumentedProgram.open(RealRuns.examplesClasspath(), mainClass, List.of());
        ControlledExecutor executor = new ControlledExecutor(program, RunConfig.of(model));
        RaceCollector races = new RaceCollector(new RacePrediction(model, SolverKind.ORDER, QueryLimits.NONE, raceQueries));
        ProgramRunner runner = races.observe(executor::run);
        Progress progress = new Progress(null, false, 0, null);
        Explorer.Listener both = (runs, pending, bugs, seconds) -> {
            races.afterRun(runs, pending, bugs, seconds);
            progress.afterRun(runs, pending, bugs, seconds);
        };
        ExplorationResult result = new Explorer(runner, strategy, new ExplorationLimits(runLimit, null, true), both).explore();
        assertEquals(0, races.findings().unconfirmed(), mainClass + ": predicted races whose witness run did not show them");
        assertEquals(0, races.findings().unknown(), mainClass);
        return new Explored(result, races, executor::run, progress);
    }

    @ParameterizedTest
    @EnumSource(value = MemoryModel.class, names = {"SC", "TSO", "PSO"})
    void racyCounterHasExactlyOneRacyPairOfLocations(MemoryModel model) throws Exception {
        List<Race> races = explore("examples.LostUpdate", model).races().races();
        assertEquals(1, races.size(), races.toString());
        Race race = races.get(0);
        assertEquals("LostUpdate.counter", race.address());
        assertEquals("LostUpdate.java:13", race.first().location().fileAndLine());
        assertEquals("LostUpdate.java:13", race.second().location().fileAndLine());
        assertEquals(Set.of("main.1", "main.2"), race.threads());
        assertEquals(List.of("LostUpdate.java:13", "LostUpdate.java:13"),
                List.of(JsonSummary.race(race).get("locations").get(0).asText(), JsonSummary.race(race).get("locations").get(1).asText()));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "examples.LockedCounter",                      // every access under one monitor
        "examples.StartJoinHandoff",                   // plain data ordered by start and join
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
            assertEquals(List.of(), explored.describe(), mainClass + " under " + model);
        }
    }

    @ParameterizedTest
    @EnumSource(value = MemoryModel.class, names = {"SC", "TSO", "PSO"})
    void plainDataReadWithoutSeeingTheVolatileFlagRaces(MemoryModel model) throws Exception {
        // MPVolatile's reader reads x whether or not it saw y = 1; when it did not, nothing orders the two accesses of x.
        // Under SC, MCR never runs the reader's read of x right after the write (no new value comes of it): only prediction sees it.
        List<String> races = explore("examples.litmus.MPVolatile", model).describe();
        assertEquals(List.of("MPVolatile.x: write at MPVolatile.java:13 / read at MPVolatile.java:14 (threads main.1, main.2)"), races);
    }

    @Test
    void joinOrdersOnlyTheJoinedWriter() throws Exception {
        List<String> races = explore("examples.crosscheck.JoinChain", MemoryModel.SC).describe();
        // x = 1 and x = 2 race with each other, and x = 2 with main's and the late thread's reads; main joined only the first writer.
        assertEquals(3, races.size(), races.toString());
        assertTrue(races.stream().allMatch(r -> r.startsWith("JoinChain.x: ")), races.toString());
    }

    @Test
    void racesAppearInTheJsonTextAndHtmlReports() throws Exception {
        Explored explored = explore("examples.crosscheck.RacyIncrements", MemoryModel.SC);
        List<Race> races = explored.races().races();
        ProgramSpec program = new ProgramSpec(List.of(), "examples.crosscheck.RacyIncrements", List.of());
        JsonNode summary = JsonSummary.of(program, MemoryModel.SC, explored.result(), List.of(), explored.races().findings());
        assertTrue(summary.get("racePrediction").asBoolean(), summary.toString());
        assertEquals(0, summary.get("raceQueriesUnknown").asLong(), summary.toString());
        JsonNode json = summary.get("races");
        assertEquals(1, json.size(), json.toString());
        assertEquals("RacyIncrements.count", json.get(0).get("address").asText());
        assertEquals("RacyIncrements.java:18", json.get(0).get("locations").get(0).asText());
        assertEquals("RacyIncrements.java:18", json.get(0).get("locations").get(1).asText());
        assertTrue(json.get(0).has("predicted"), json.toString());
        String text = TextReport.render(program, MemoryModel.SC, explored.result(), List.of(), explored.races().findings(), false);
        assertTrue(text.contains("DATA RACE (unordered accesses, at least one a plain write):\n  RacyIncrements.count: "), text);
        String html = HtmlReport.render(program, MemoryModel.SC, explored.result(), List.of(), explored.races().findings(), explored.progress().samples());
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

    @ParameterizedTest
    @EnumSource(value = MemoryModel.class, names = {"SC", "TSO", "PSO"})
    void aRaceTheFirstRunOrdersIsPredictedFromThatRun(MemoryModel model) throws Exception {
        // HiddenRace's first run lets the writer go first: its lock release orders the write before the read.
        McrStrategy mcr = new McrStrategy(SolverKind.ORDER, model, QueryLimits.NONE);
        assertEquals(List.of(), explore("examples.HiddenRace", model, mcr, 1, 0).describe(), "the first run shows no race by happens-before");
        Explored oneRun = explore("examples.HiddenRace", model, new McrStrategy(SolverKind.ORDER, model, QueryLimits.NONE), 1,
                RacePrediction.DEFAULT_QUERIES_PER_TRACE);
        List<Race> races = oneRun.races().races();
        assertEquals(List.of("HiddenRace.x: write at HiddenRace.java:21 / read at HiddenRace.java:28 (threads main.1, main.2)"), oneRun.describe());
        Race race = races.get(0);
        assertTrue(race.predicted());
        assertEquals(1, race.execution());
        assertTrue(oneRun.races().findings().queries() > 0);
        assertTrue(JsonSummary.race(race).get("predicted").asBoolean());
        String text = TextReport.render(new ProgramSpec(List.of(), "examples.HiddenRace", List.of()), model, oneRun.result(), List.of(),
                oneRun.races().findings(), false);
        assertTrue(text.contains("(threads main.1, main.2), predicted from execution 1\n"), text);
        String html = HtmlReport.render(new ProgramSpec(List.of(), "examples.HiddenRace", List.of()), model, oneRun.result(), List.of(),
                oneRun.races().findings(), oneRun.progress().samples());
        assertTrue(html.contains("<td>1 (predicted)</td>"), html);
        // The witness schedule replays the race, so --fail-on-race reports it as a bug that reproduces.
        ExplorationResult failing = oneRun.races().withRacesAsBugs(oneRun.result(), oneRun.runner());
        assertEquals(1, failing.bugs().size());
        assertTrue(failing.bugs().get(0).replayed());
    }

    @Test
    void aRaceNoExploredRunShowsIsFoundOnlyByPrediction() throws Exception {
        // SilentRace's write keeps the value the field holds: MCR has nothing new to explore after the first run.
        McrStrategy observing = new McrStrategy(SolverKind.ORDER, MemoryModel.SC, QueryLimits.NONE);
        Explored withoutPrediction = explore("examples.SilentRace", MemoryModel.SC, observing, RUN_LIMIT, 0);
        assertTrue(withoutPrediction.result().complete());
        assertEquals(List.of(), withoutPrediction.describe());
        assertEquals(1, explore("examples.SilentRace", MemoryModel.SC).races().races().size());
    }
    @Test
    void racePredictionAndItsWitnessRunsStopAtTheDeadline() throws Exception {
        // As in aRaceTheFirstRunOrdersIsPredictedFromThatRun, but the deadline passes as the first run ends.
        InstrumentedProgram program = InstrumentedProgram.open(RealRuns.examplesClasspath(), "examples.HiddenRace", List.of());
        ControlledExecutor executor = new ControlledExecutor(program, RunConfig.of(MemoryModel.SC));
        Deadline deadline = Deadline.after(null);
        int[] runs = {0};
        RaceCollector races = new RaceCollector(new RacePrediction(MemoryModel.SC, SolverKind.ORDER, QueryLimits.NONE,
                RacePrediction.DEFAULT_QUERIES_PER_TRACE), deadline);
        ProgramRunner runner = races.observe(policy -> {
            runs[0]++;
            RunResult run = executor.run(policy);
            deadline.cancel();
            return run;
        });
        ExplorationResult result = new Explorer(runner, new McrStrategy(SolverKind.ORDER, MemoryModel.SC, QueryLimits.NONE),
                new ExplorationLimits(0, null, true), races, deadline).explore();
        assertEquals(ExplorationResult.Stop.CANCELLED, result.stop());
        assertEquals(1, runs[0], "no witness run after the deadline");
        assertEquals(0, races.findings().queries());
        assertEquals(List.of(), races.races());
        // With races as bugs, the questions left open are reasons against completeness.
        ExplorationResult failing = races.withRacesAsBugs(result, executor::run);
        assertEquals(ExplorationResult.Verdict.INCOMPLETE, failing.verdict());
        // MCR makes a run's model only when the next run is asked for, so the deadline left it no solving to stop.
        assertEquals(List.of("cancelled"), failing.incompleteReasons().stream().map(IncompleteReason::kind).toList());
    }
}
