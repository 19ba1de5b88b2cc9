package dev.weft.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.explore.ContinuationPolicy;
import dev.weft.explore.DfsStrategy;
import dev.weft.explore.DporStrategy;
import dev.weft.explore.ExplorationResult;
import dev.weft.explore.FoundBug;
import dev.weft.explore.McrStrategy;
import dev.weft.explore.Strategy;
import dev.weft.instrument.InstrumentedProgram;
import dev.weft.report.Interleaving;
import dev.weft.report.JsonSummary;
import dev.weft.report.ProgramSpec;
import dev.weft.runtime.ControlledExecutor;
import dev.weft.runtime.RunConfig;
import dev.weft.solver.QueryLimits;
import dev.weft.solver.SolverKind;
import dev.weft.trace.Address;
import dev.weft.trace.BugKind;
import dev.weft.trace.Event;
import dev.weft.trace.EventKind;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.RunResult;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

/**
 * Calls on JDK objects more than one thread can reach are events (issue 17): the issue's three cases,
 * objects that add no events, races named by their calls, and reports at API level. The verdicts and
 * races of every program of {@code examples.jdk} are in the example catalogue ({@link CatalogVerdictTest}).
 */
class JdkObjectsTest {
    private static final List<Supplier<Strategy>> STRATEGIES = List.of(() -> new McrStrategy(SolverKind.ORDER, MemoryModel.SC,
            QueryLimits.NONE), () -> new DporStrategy(MemoryModel.SC), DfsStrategy::new);

    private static ExplorationResult explore(String mainClass, Strategy strategy) throws Exception {
        return RealRuns.explore(mainClass, MemoryModel.SC, strategy, 2_000, false).result();
    }

    private static RunResult firstRun(String mainClass) throws Exception {
        InstrumentedProgram program = InstrumentedProgram.open(RealRuns.examplesClasspath(), mainClass, List.of());
        return new ControlledExecutor(program, RunConfig.of(MemoryModel.SC)).run(ContinuationPolicy.INSTANCE);
    }

    private static long stateEvents(RunResult run) {
        return run.trace().events().stream().filter(e -> e.address() != null && e.address().kind() == Address.Kind.OBJECT_STATE).count();
    }

    /**
     * A JDK call that throws inside the program's own try block still ends as a call: before, the program's handler came
     * first in the exception table, the call's monitor stayed taken and the other thread's put was a false deadlock.
     */
    @Test
    void aCallWhoseFailureTheProgramCatchesReleasesItsMonitor() throws Exception {
        for (Supplier<Strategy> strategy : STRATEGIES) {
            ExplorationResult result = RealRuns.explore(RealRuns.classpathOf(getClass()), "subjects.CaughtSynchronizedMapFailure",
                    List.of(), MemoryModel.SC, strategy.get(), 2_000, false).result();
            assertEquals(ExplorationResult.Verdict.OK, result.verdict(), result.strategy() + ": " + result.bugs());
            assertTrue(result.complete(), result.strategy() + ": " + result.incompleteReasons());
        }
    }

    @Test
    void checkThenActAcrossLockedCallsOnAHashMapIsFoundByEveryStrategy() throws Exception {
        // Before issue 17, mcr said "every behaviour covered" after one run: no read it saw differed between the two orders.
        for (Supplier<Strategy> strategy : STRATEGIES) {
            ExplorationResult result = explore("examples.jdk.RegistryCheckThenAct", strategy.get());
            assertEquals(ExplorationResult.Verdict.BUG, result.verdict(), result.strategy());
            assertEquals(BugKind.ASSERTION, result.bugs().get(0).bug().kind(), result.strategy());
        }
    }

    @Test
    void checkThenActOnAConcurrentHashMapIsFoundByEveryStrategy() throws Exception {
        for (Supplier<Strategy> strategy : STRATEGIES) {
            ExplorationResult result = explore("examples.jdk.ConcurrentMapCheckThenAct", strategy.get());
            assertEquals(ExplorationResult.Verdict.BUG, result.verdict(), result.strategy());
        }
    }

    @Test
    void unsynchronisedPutsIntoAHashMapAreADataRaceNamedByTheCalls() throws Exception {
        DataRaceTest.Explored explored = DataRaceTest.explore("examples.jdk.HashMapRacyPuts", MemoryModel.SC);
        assertEquals(List.of("HashMap main#1: Map.put at HashMapRacyPuts.java:13 / Map.put at HashMapRacyPuts.java:13 (threads main.1, main.2)"),
                explored.describe());
        ExplorationResult failing = explored.races().withRacesAsBugs(explored.result(), explored.runner());
        assertEquals(BugKind.DATA_RACE, failing.bugs().get(0).bug().kind(), "--fail-on-race makes it a bug");
        assertTrue(failing.bugs().get(0).replayed());
    }

    @Test
    void callsOnThreadSafeObjectsOrderWhatTheyHandOverAndNeverRace() throws Exception {
        // The payload is a plain field handed over through a ConcurrentLinkedQueue: before issue 17 it showed as racing.
        assertEquals(List.of(), DataRaceTest.explore("examples.jdk.ConcurrentQueueHandoff", MemoryModel.SC).describe());
        assertEquals(List.of(), DataRaceTest.explore("examples.jdk.StringBufferAppends", MemoryModel.SC).describe());
        assertEquals(List.of(), DataRaceTest.explore("examples.jdk.SynchronizedMapIteration", MemoryModel.SC).describe());
    }

    @Test
    void threadConfinedAndImmutableObjectsAddNoEvents() throws Exception {
        RunResult confined = firstRun("examples.jdk.ConfinedCollections");
        assertEquals(RunResult.Status.COMPLETED, confined.status(), confined.detail());
        assertEquals(0, stateEvents(confined), "no call on a thread's own list, map or builder is an event");
        RunResult immutable = firstRun("examples.jdk.ImmutableListShared");
        assertEquals(0, stateEvents(immutable), "a List.of shared by every thread cannot change");
        RunResult shared = firstRun("examples.jdk.RegistryLocked");
        assertEquals(3, stateEvents(shared), "two get calls and one put on the shared map: " + shared.trace().events());
    }

    @Test
    void aBugsReplayShowsItsJdkCallsAsTheProgramMadeThem() throws Exception {
        FoundBug bug = explore("examples.jdk.RegistryCheckThenAct", new McrStrategy(SolverKind.ORDER, MemoryModel.SC, QueryLimits.NONE))
                .bugs().get(0);
        String table = Interleaving.of(bug.trace(), bug.bug(), false).toText("");
        assertTrue(table.contains("RegistryCheckThenAct.java:18 ids.get(\"alice\") → null"), table);
        assertTrue(table.contains("RegistryCheckThenAct.java:23 ids.put(\"alice\", 2) → 1 (from #"), table);
    }

    @Test
    void theJsonSummaryOfABugShowsItsJdkCalls() throws Exception {
        DataRaceTest.Explored explored = DataRaceTest.explore("examples.jdk.RegistryCheckThenAct", MemoryModel.SC);
        ProgramSpec program = new ProgramSpec(List.of(), "examples.jdk.RegistryCheckThenAct", List.of());
        JsonNode steps = JsonSummary.of(program, MemoryModel.SC, explored.result(), List.of(), explored.races().findings())
                .get("bugs").get(0).get("interleaving");
        List<String> operations = new ArrayList<>();
        steps.forEach(step -> operations.add(step.get("location").asText() + " " + step.get("operation").asText()));
        assertTrue(operations.stream().anyMatch(o -> o.startsWith("RegistryCheckThenAct.java:18 ids.get(\"alice\") → null")),
                operations.toString());
    }

    @Test
    void aFailureInsideJdkCodeNamesTheProgramLineThatCalledIn() throws Exception {
        FoundBug bug = explore("examples.jdk.IterationWhileAdding", new McrStrategy(SolverKind.ORDER, MemoryModel.SC, QueryLimits.NONE))
                .bugs().get(0);
        assertEquals(BugKind.EXCEPTION, bug.bug().kind());
        assertTrue(bug.bug().message().startsWith("ConcurrentModificationException"), bug.bug().message());
        assertEquals("IterationWhileAdding.java:16", bug.bug().location().fileAndLine());
    }

    @Test
    void aDeadlockOnJdkObjectsMonitorsNamesTheCallsWaitingForThem() throws Exception {
        FoundBug bug = explore("examples.jdk.SynchronizedMapsDeadlock", new McrStrategy(SolverKind.ORDER, MemoryModel.SC, QueryLimits.NONE))
                .bugs().get(0);
        assertEquals(BugKind.DEADLOCK, bug.bug().kind());
        assertTrue(bug.bug().location().fileAndLine().startsWith("SynchronizedMapsDeadlock.java:"), bug.bug().location().toString());
    }

    @Test
    void aCallThatWaitsForAnotherCallsProgramCodeIsWeftsLimitNotADeadlock() throws Exception {
        String subjects = RealRuns.classpathOf(subjects.JdkCallbackWaits.class);
        InstrumentedProgram program = InstrumentedProgram.open(subjects, "subjects.JdkCallbackWaits", List.of());
        RunResult run = new ControlledExecutor(program, RunConfig.of(MemoryModel.SC)).run(ContinuationPolicy.INSTANCE);
        assertEquals(RunResult.Status.UNSUPPORTED, run.status(), run.outcome() + " " + run.detail());
        assertTrue(run.detail().contains("computeIfAbsent"), run.detail());
    }

    @Test
    void aChangingCallThatChangedNothingIsARead() throws Exception {
        // A CopyOnWriteArrayList stays at the API level (ConcurrentLinkedQueue, this test's first subject, runs its JDK code now).
        String subjects = RealRuns.classpathOf(subjects.CopyOnWriteEmptyRemove.class);
        FoundBug emptyRemove = RealRuns.explore(subjects, "subjects.CopyOnWriteEmptyRemove", List.of(), MemoryModel.SC,
                new McrStrategy(SolverKind.ORDER, MemoryModel.SC, QueryLimits.NONE), 1_000, false).result().bugs().get(0);
        List<Event> calls = emptyRemove.trace().events().stream()
                .filter(e -> e.address() != null && e.address().kind() == Address.Kind.OBJECT_STATE).toList();
        Event remove = calls.get(0); // the bug's remove came before the add
        assertEquals(EventKind.ATOMIC_RMW, remove.kind(), calls.toString());
        assertTrue(!remove.wrote(), "the remove from the empty list wrote nothing: " + calls);
    }
}
