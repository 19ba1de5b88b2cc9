package dev.weft.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.explore.DporStrategy;
import dev.weft.explore.ExplorationResult;
import dev.weft.explore.McrStrategy;
import dev.weft.explore.Strategy;
import dev.weft.instrument.InstrumentedProgram;
import dev.weft.solver.QueryLimits;
import dev.weft.solver.SolverKind;
import dev.weft.trace.Bug;
import dev.weft.trace.BugKind;
import dev.weft.trace.MemoryModel;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Programs on Weft's modelled executors, futures and latches (examples.executors): what each finds
 * beyond its catalogued verdict, and the executors Weft does not model, which must stop the
 * exploration as unsupported instead of passing.
 */
class ExecutorModelTest {
    private static final long RUNS = 5_000;

    private static ExplorationResult explore(String mainClass, Strategy strategy) throws Exception {
        return RealRuns.explore("examples.executors." + mainClass, MemoryModel.SC, strategy, RUNS, false).result();
    }

    private static Strategy mcr() {
        return new McrStrategy(SolverKind.ORDER, MemoryModel.SC, QueryLimits.NONE);
    }

    private static Bug onlyBug(ExplorationResult result) {
        assertEquals(ExplorationResult.Verdict.BUG, result.verdict(), String.valueOf(result.error()));
        assertTrue(result.bugs().get(0).replayed());
        return result.bugs().get(0).bug();
    }

    @Test
    void aLostUpdateBetweenTwoPoolTasksIsFoundByMcrAndDpor() throws Exception {
        for (Strategy strategy : List.of(mcr(), new DporStrategy(MemoryModel.SC))) {
            Bug bug = onlyBug(explore("PoolLostUpdate", strategy));
            assertEquals(BugKind.ASSERTION, bug.kind());
            assertEquals("AssertionError: lost update: hits = 1, expected 2", bug.message());
        }
    }

    @Test
    void theLockedVersionIsCompleteWithoutABugUnderDpor() throws Exception {
        ExplorationResult result = explore("PoolLockedCounter", new DporStrategy(MemoryModel.SC));
        assertEquals(ExplorationResult.Verdict.OK, result.verdict(), result.bugs().toString());
        assertTrue(result.complete());
    }

    @Test
    void aTaskExceptionReachesFutureGetAsExecutionExceptionAtTheProgramsLine() throws Exception {
        Bug bug = onlyBug(explore("PoolTaskException", mcr()));
        assertEquals(BugKind.EXCEPTION, bug.kind());
        assertEquals("ExecutionException: java.lang.NumberFormatException: For input string: \"forty-two\"", bug.message());
        assertEquals("PoolTaskException.java:14", bug.location().fileAndLine());
    }

    @Test
    void aTaskWaitingForATaskQueuedBehindItIsADeadlockAtTheProgramsWait() throws Exception {
        Bug bug = onlyBug(explore("PoolStarvationDeadlock", mcr()));
        assertEquals(BugKind.DEADLOCK, bug.kind());
        assertEquals("PoolStarvationDeadlock.java:16", bug.location().fileAndLine());
        assertTrue(bug.message().contains("main.1 at PoolStarvationDeadlock.java:14 waits for a notify"), bug.message());
    }

    @Test
    void idleWorkersOfAPoolNeverShutDownEndTheRunUnderEveryStrategy() throws Exception {
        for (Strategy strategy : List.of(mcr(), new DporStrategy(MemoryModel.SC))) {
            ExplorationResult result = explore("PoolNeverShutDown", strategy);
            assertEquals(ExplorationResult.Verdict.OK, result.verdict(), result.bugs().toString());
            assertTrue(result.complete());
        }
    }

    @ParameterizedTest
    @CsvSource({
            "fork-join-statistics, java.util.concurrent.ForkJoinPool.getStealCount",
            "fork-join-as-executor-service, java.util.concurrent.Future.get",
            "scheduled-queue-poll, java.util.concurrent.ScheduledThreadPoolExecutor.getQueue().poll",
            "completable-obtrude, java.util.concurrent.CompletableFuture.obtrudeValue",
            "parallel-after-map, parallel() on a stream that has operations already",
            "parallel-unordered-distinct, java.util.stream.Stream.distinct on an unordered parallel stream",
            "parallel-unordered-limit-after-filter, java.util.stream.Stream.limit on an unordered parallel stream",
            "pool-queue-take, java.util.concurrent.ThreadPoolExecutor.getQueue().take",
            "pool-queue-iterator, java.util.concurrent.ThreadPoolExecutor.getQueue().iterator",
            "priority-queue, java.util.concurrent.ThreadPoolExecutor with a work queue of java.util.concurrent.PriorityBlockingQueue"})
    void executorsWeftDoesNotModelStopTheExplorationNamingTheApi(String use, String api) throws Exception {
        String subjects = Path.of(subjects.UnmodelledConcurrency.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        InstrumentedProgram program = InstrumentedProgram.open(subjects, "subjects.UnmodelledConcurrency", List.of(use));
        ExplorationResult result = RealRuns.explore(program, MemoryModel.SC, mcr(), RUNS, false).result();
        assertEquals(ExplorationResult.Stop.UNSUPPORTED, result.stop());
        assertTrue(result.error().startsWith("unsupported: " + api), result.error());
        assertTrue(result.bugs().isEmpty());
    }

    @Test
    void nothingElseIsReportedForTheCorrectPrograms() throws Exception {
        for (String program : List.of("PoolInvokeAll", "PoolShutdownAwait", "LatchPublication")) {
            ExplorationResult result = explore(program, new DporStrategy(MemoryModel.SC));
            assertNull(result.error(), program);
            assertEquals(ExplorationResult.Verdict.OK, result.verdict(), program + ": " + result.bugs());
        }
    }
}
