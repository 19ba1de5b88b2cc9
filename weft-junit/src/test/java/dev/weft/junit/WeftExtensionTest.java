package dev.weft.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import fixtures.ExecutorCounter;
import fixtures.InputParameters;
import fixtures.LimitedExploration;
import fixtures.LockOrderDeadlock;
import fixtures.LockedCounter;
import fixtures.Misconfigured;
import fixtures.Publication;
import fixtures.RacyCounter;
import fixtures.RacyFlag;
import fixtures.RetryLoop;
import fixtures.SilentRace;
import fixtures.UnlockedMap;
import fixtures.WaitWithoutLoop;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

class WeftExtensionTest {
    private static final Pattern SCHEDULE = Pattern.compile("@WeftTest\\(replay = \"([^\"]+)\"\\)");

    @TempDir
    static Path schedules;

    @BeforeAll
    static void saveSchedulesInTempDir() {
        System.setProperty(WeftCheck.SCHEDULE_DIR_PROPERTY, schedules.toString());
    }

    @AfterAll
    static void forgetScheduleDir() {
        System.clearProperty(WeftCheck.SCHEDULE_DIR_PROPERTY);
    }

    @Test
    void racyCounterFailsWithTheAssertionInterleavingAndTheAssertionAsCause() {
        Fixtures.Outcome outcome = Fixtures.run(RacyCounter.class, "lambdaBody");
        String message = outcome.message();
        assertTrue(message.startsWith("BUG (assertion) in thread main at RacyCounter.java:"), message);
        assertTrue(message.contains("lost update"), message);
        assertTrue(message.contains("interleaving ("), message);
        assertInstanceOf(AssertionFailedError.class, outcome.failure().getCause());
        assertTrue(Files.isRegularFile(savedSchedule(message)), message);
    }

    @Test
    void methodReferenceAndAnonymousClassBodiesFindTheSameBugAsTheLambda() {
        String lambda = bugLine(Fixtures.run(RacyCounter.class, "lambdaBody").message());
        assertEquals(lambda, bugLine(Fixtures.run(RacyCounter.class, "methodReferenceBody").message()));
        assertEquals(lambda, bugLine(Fixtures.run(RacyCounter.class, "anonymousClassBody").message()));
    }

    @Test
    void lockedCounterPassesAndReportsItsRuns() {
        Fixtures.Outcome outcome = Fixtures.run(LockedCounter.class, "noUpdateLost");
        assertTrue(outcome.passed(), () -> outcome.failure().getMessage());
        assertEquals(1, outcome.reports().size());
        assertTrue(outcome.reports().get(0).matches("fixtures\\.LockedCounter#noUpdateLost: no bug under SC with mcr — \\d+ executions?( on \\d+ workers)? in .*, every behaviour covered"),
                outcome.reports().get(0));
    }

    @Test
    void deadlockFailsAsADeadlock() {
        Fixtures.Outcome outcome = Fixtures.run(LockOrderDeadlock.class, "oppositeOrders");
        assertTrue(outcome.message().startsWith("BUG (deadlock)"), outcome.message());
        assertInstanceOf(WeftBugException.class, outcome.failure().getCause());
    }

    @Test
    void publicationPassesUnderScAndFailsUnderPso() {
        Fixtures.Outcome sc = Fixtures.run(Publication.class, "underSc");
        assertTrue(sc.passed(), () -> sc.failure().getMessage());
        Fixtures.Outcome pso = Fixtures.run(Publication.class, "underPso");
        assertTrue(pso.message().startsWith("BUG (assertion) in thread main"), pso.message());
        assertTrue(pso.message().contains("under PSO"), pso.message());
    }

    /** The annotation's virtual fixes change the verdict as the change would, and the report names the changed program. */
    @Test
    void assumeVolatileAndFencesCheckTheProgramAsIfChanged() {
        for (String fixed : new String[] {"underPsoWithReadyVolatile", "underPsoWithAStoreStoreFenceBeforeReady"}) {
            Fixtures.Outcome outcome = Fixtures.run(Publication.class, fixed);
            assertTrue(outcome.passed(), () -> fixed + ": " + outcome.failure().getMessage());
            assertTrue(outcome.reports().get(0).contains("changed:"), outcome.reports().get(0));
        }
        Fixtures.Outcome wrongLine = Fixtures.run(Publication.class, "underPsoWithTheFenceOnTheWrongLine");
        assertTrue(wrongLine.message().startsWith("BUG (assertion) in thread main"), wrongLine.message());
        Fixtures.Outcome noSuchField = Fixtures.run(Publication.class, "underPsoWithAFieldThatDoesNotExist");
        assertTrue(noSuchField.message().contains("fixtures.Publication.nope"), noSuchField.message());
    }

    @Test
    void executorTasksWrittenAsLambdaOrMethodReferenceFindTheLostUpdate() {
        String lambda = Fixtures.run(ExecutorCounter.class, "lambdaTasks").message();
        assertTrue(lambda.startsWith("BUG (assertion) in thread main at ExecutorCounter.java:"), lambda);
        assertTrue(lambda.contains("lost update"), lambda);
        assertEquals(bugLine(lambda), bugLine(Fixtures.run(ExecutorCounter.class, "methodReferenceTasks").message()));
    }

    @Test
    void aPoolNeverShutDownPassesWithoutAFalseDeadlock() {
        Fixtures.Outcome outcome = Fixtures.run(ExecutorCounter.class, "lockedTasksOnAPoolNeverShutDown");
        assertTrue(outcome.passed(), () -> outcome.failure().getMessage());
        assertTrue(outcome.reports().get(0).contains("every behaviour covered"), outcome.reports().get(0));
    }

    @Test
    void anExecutorWeftDoesNotModelFailsTheTestNamingIt() {
        Fixtures.Outcome outcome = Fixtures.run(ExecutorCounter.class, "aPoolWeftDoesNotModel");
        assertFalse(outcome.passed());
        assertTrue(outcome.message().contains("unsupported: java.util.concurrent.ForkJoinPool.getStealCount"), outcome.message());
    }

    @Test
    void hittingALimitFailsUnlessIncompleteIsAllowed() {
        Fixtures.Outcome strict = Fixtures.run(LimitedExploration.class, "stoppedEarly");
        assertTrue(strict.message().contains("exploration incomplete"), strict.message());
        assertTrue(strict.message().contains("not every behaviour was covered:\n  - the exploration stopped at its limit of 1 executions\n"),
                strict.message());
        Fixtures.Outcome allowed = Fixtures.run(LimitedExploration.class, "stoppedEarlyAllowed");
        assertTrue(allowed.passed(), () -> allowed.failure().getMessage());
    }

    @Test
    void aLoopThatRepeatsMoreOftenThanTheLoopBoundFailsTheTestUntilTheBoundIsRaised() {
        Fixtures.Outcome cut = Fixtures.run(RetryLoop.class, "withTheDefaultBound");
        assertTrue(cut.message().contains("loop bound 10 reached at RetryLoop.java:"), cut.message());
        assertTrue(cut.message().contains("exploration incomplete"), cut.message());
        Fixtures.Outcome raised = Fixtures.run(RetryLoop.class, "withARaisedBound");
        assertTrue(raised.passed(), () -> raised.failure().getMessage());
    }

    @Test
    void aRaceFailsTheTestOnlyWithFailOnRace() {
        Fixtures.Outcome lenient = Fixtures.run(RacyFlag.class, "passesByDefault");
        assertTrue(lenient.passed(), () -> lenient.failure().getMessage());
        Fixtures.Outcome strict = Fixtures.run(RacyFlag.class, "failsWhenRacesCount");
        assertTrue(strict.message().startsWith("BUG (data-race)"), strict.message());
        assertTrue(strict.message().contains("RacyFlag.java"), strict.message());
        assertInstanceOf(WeftBugException.class, strict.failure().getCause());
    }

    @Test
    void aWaitWithoutALoopFailsOnlyWhereWaitsMayWakeSpuriously() {
        Fixtures.Outcome spurious = Fixtures.run(WaitWithoutLoop.class, "failsWhenWaitsMayWakeSpuriously");
        assertTrue(spurious.message().startsWith("BUG (assertion) in thread main.1"), spurious.message());
        assertTrue(spurious.message().contains("wake up spuriously"), spurious.message());
        assertTrue(Fixtures.run(WaitWithoutLoop.class, "passesWithoutSpuriousWakeups").passed());
    }

    @Test
    void instrumentJdkFindsTheEntryAHashMapLoses() {
        Fixtures.Outcome whole = Fixtures.run(UnlockedMap.class, "passesWithCallsSeenWhole");
        assertTrue(whole.passed(), () -> whole.failure().getMessage());
        Fixtures.Outcome inside = Fixtures.run(UnlockedMap.class, "failsWithHashMapInstrumented");
        assertTrue(inside.message().startsWith("BUG (assertion)"), inside.message());
        assertTrue(inside.message().contains("HashMap.size"), inside.message());
        assertTrue(Fixtures.run(UnlockedMap.class, "unknownJdkClass").message().contains("unknown JDK class or package java.util.NoSuchMap"));
    }

    @Test
    void failOnRaceCountsPredictedRaces() {
        Fixtures.Outcome outcome = Fixtures.run(SilentRace.class, "failsOnThePredictedRace");
        assertTrue(outcome.message().startsWith("BUG (data-race)"), outcome.message());
        assertTrue(outcome.message().contains("SilentRace.value: write at SilentRace.java:18 / read at SilentRace.java:25"), outcome.message());
        assertTrue(outcome.message().contains("predicted from execution 1"), outcome.message());
    }

    @Test
    void settingsWeftCannotHonourFailWithOneClearMessage() {
        assertEquals("unknown strategy 'bogus' (known: mcr, dfs, random, dpor, icb, pct, portfolio, mpc)",
                Fixtures.run(Misconfigured.class, "unknownStrategy").message());
        assertEquals("'soon' is not a duration: a whole number with its unit ms, s, m or h (examples: 90s, 10m, 1h, 500ms)",
                Fixtures.run(Misconfigured.class, "unreadableTimeLimit").message());
    }

    private static Path savedSchedule(String message) {
        Matcher m = SCHEDULE.matcher(message);
        assertTrue(m.find(), message);
        return Path.of(m.group(1));
    }

    private static String bugLine(String message) {
        return message.lines().findFirst().orElseThrow();
    }

    @Test
    void mpcFindsTheInputParameterWithTheInterleaving() {
        Fixtures.Outcome outcome = Fixtures.run(InputParameters.class, "lostUpdateAtThree");
        assertTrue(outcome.message().contains("lost update with n = 3"), outcome.message());
        assertTrue(outcome.message().contains("with inputs n = 3"), outcome.message());
    }

    @Test
    void otherStrategiesRunTheMinimumAndSayTheInputsWereFixed() {
        Fixtures.Outcome outcome = Fixtures.run(InputParameters.class, "mcrRunsTheMinimum");
        assertFalse(outcome.passed(), "a test with fixed inputs is not every behaviour covered");
        assertTrue(outcome.message().contains("explored its runs with one value for each (-s mpc explores them)"), outcome.message());
    }

    @Test
    void mpcCoversATestWithoutABugForAnyInput() {
        Fixtures.Outcome outcome = Fixtures.run(InputParameters.class, "boundedForEveryInput");
        assertTrue(outcome.passed(), () -> outcome.failure().getMessage());
        assertTrue(outcome.reports().get(0).contains("every behaviour covered"), outcome.reports().get(0));
    }
}
