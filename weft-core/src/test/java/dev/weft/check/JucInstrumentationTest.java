package dev.weft.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.explore.DporStrategy;
import dev.weft.explore.ExplorationLimits;
import dev.weft.explore.ExplorationResult;
import dev.weft.explore.McrStrategy;
import dev.weft.solver.QueryLimits;
import dev.weft.solver.SolverKind;
import dev.weft.trace.MemoryModel;
import dev.weft.instrument.InstrumentedProgram;
import dev.weft.runtime.RunConfig;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * java.util.concurrent's own code runs instrumented without being asked (issue 18): a check instruments the entries the
 * program uses, but those Weft models at the level of their API; and a program whose blocking call waits for another
 * thread ends with every behaviour covered, on JDK 17 and 25 (.ci/run), the CatalogVerdictTest rows of examples.juc
 * giving the verdicts.
 */
class JucInstrumentationTest {

    @ParameterizedTest(name = "{0}: {1}")
    @CsvSource(delimiter = '|', value = {
            "examples.juc.SemaphoreMutex | java.util.concurrent.Semaphore",
            "examples.juc.OfferIgnoringFalse | java.util.concurrent.ArrayBlockingQueue",
            "examples.juc.StampedLockOptimisticRead | java.util.concurrent.locks.StampedLock",
            "examples.LostUpdate | ''",
            "examples.jdk.ConcurrentQueueHandoff | java.util.concurrent.ConcurrentLinkedQueue",
            "examples.BoundedBufferCondition | ''",
            "examples.juc.ChmVisitedSet | java.util.concurrent.ConcurrentHashMap",
            "examples.juc.SkipListSetIterationMissesEntry | java.util.concurrent.ConcurrentSkipListMap;java.util.concurrent.ConcurrentSkipListSet",
            "examples.juc.CowListAddIfAbsent | ''",
    })
    void aCheckInstrumentsTheConcurrentClassesTheProgramUses(String program, String expected) throws Exception {
        Set<String> chosen = InstrumentedProgram.open(RealRuns.examplesClasspath(), program, List.of()).jdkToInstrument(Set.of());
        assertEquals(expected.isEmpty() ? Set.of() : Set.of(expected.split(";")), chosen, program);
    }

    /**
     * CopyOnWriteArrayList's own code (--instrument-jdk; by default its calls are modelled whole) copies its array with
     * Arrays.copyOf and System.arraycopy, which run as element reads and writes: no part of the call is unseen, so the
     * duplicate is found and addIfAbsent covered with no "jdk-unseen" reason.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"examples.juc.CowListCheckThenAdd, BUG", "examples.juc.CowListAddIfAbsent, OK"})
    void copyOnWriteCodeCopiesItsArraysAsEvents(String program, ExplorationResult.Verdict expected) throws Exception {
        InstrumentedProgram instrumented = InstrumentedProgram.open(RealRuns.examplesClasspath(), program, List.of());
        RunConfig config = RunConfig.of(MemoryModel.SC).withInstrumentedJdk(Set.of("java.util.concurrent.CopyOnWriteArrayList"));
        ExplorationResult result = RealRuns.explore(instrumented, config, new DporStrategy(MemoryModel.SC), new ExplorationLimits(2_000, null, false),
                run -> List.of()).result();
        assertEquals(expected, result.verdict(), program + ": " + result.incompleteReasons());
        assertTrue(result.incompleteReasons().stream().noneMatch(r -> r.kind().equals("jdk-unseen")), result.incompleteReasons().toString());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"examples.juc.SemaphoreHandoff", "examples.juc.BlockingQueueProducerConsumer"})
    void aWaitingTakeIsCoveredByBothStrategies(String program) throws Exception {
        for (var strategy : List.of(new McrStrategy(SolverKind.ORDER, MemoryModel.SC, QueryLimits.NONE), new DporStrategy(MemoryModel.SC))) {
            ExplorationResult result = RealRuns.explore(program, MemoryModel.SC, strategy, 5_000, false).result();
            assertEquals(ExplorationResult.Verdict.OK, result.verdict(), program + ": " + result.incompleteReasons());
            assertTrue(result.complete(), program);
        }
    }

    /**
     * A field updater's updateAndGet and accumulateAndGet are a get, the program's function and a compareAndSet, retried, as
     * getAndUpdate is: they were one access that ran the function inside Weft's code, so a retry's events came out of
     * order and mcr's seeds missed the states they were solved for (incomplete, and a failed check under the stress oracle).
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"examples.juc.UpdaterFunctionSideEffect, BUG", "examples.juc.UpdaterFunctionalCounter, OK"})
    void updatersFunctionalUpdatesAreCoveredByMcr(String program, ExplorationResult.Verdict expected) throws Exception {
        ExplorationResult result = RealRuns.explore(program, MemoryModel.SC, new McrStrategy(SolverKind.ORDER, MemoryModel.SC, QueryLimits.NONE),
                1_000, true).result();
        assertEquals(expected, result.verdict(), program);
        assertTrue(result.complete() && result.incompleteReasons().isEmpty(), program + ": " + result.incompleteReasons());
    }

    /**
     * A thread parked for good inside the JDK's code is located at the program's line that called in, as a plain JVM's
     * stuck thread is (the stress oracle compares them): the bridge the JDK code parks through is Weft's code, not the
     * program's.
     */
    @Test
    void aThreadParkedInsideJdkCodeIsLocatedAtTheProgramsCall() throws Exception {
        ExplorationResult result = RealRuns.explore("examples.juc.AqsLatchReleaseWakesNobody", MemoryModel.SC, new DporStrategy(MemoryModel.SC),
                100, false).result();
        assertEquals(ExplorationResult.Verdict.BUG, result.verdict());
        assertEquals("AqsBooleanLatch.java:20", result.bugs().get(0).bug().location().fileAndLine());
    }

    /**
     * A condition of the program's own AbstractQueuedSynchronizer (new ConditionObject()) was refused: Weft's condition
     * model needs a lock it models. Its calls now run the JDK's code of the condition, instrumented: a signal sent before
     * the consumer awaits is lost (deadlock), a timed await may time out, and with nobody signalling every timed wait ends
     * on Weft's clock (awaitUntil too) and an interrupted await throws.
     */
    @ParameterizedTest(name = "{0}")
    @CsvSource({"examples.juc.AqsConditionLostSignal, BUG", "examples.juc.AqsConditionTimeoutAssumedSignalled, BUG",
            "examples.juc.AqsConditionDeadlines, OK"})
    void aProgramsOwnConditionRunsTheJdksCode(String program, ExplorationResult.Verdict expected) throws Exception {
        for (var strategy : List.of(new McrStrategy(SolverKind.ORDER, MemoryModel.SC, QueryLimits.NONE), new DporStrategy(MemoryModel.SC))) {
            ExplorationResult result = RealRuns.explore(program, MemoryModel.SC, strategy, 2_000, false).result();
            assertEquals(expected, result.verdict(), program + " " + result.strategy() + ": " + result.incompleteReasons());
            assertTrue(result.complete() || expected == ExplorationResult.Verdict.BUG, program + ": " + result.incompleteReasons());
        }
    }

    /**
     * Exploring past a barrier program's bug ends. The thread that caught BrokenBarrierException used to end still counted
     * inside the barrier's call, so Weft's own scheduler lock (a ReentrantLock, whose JDK class the barrier has
     * instrumented) took the program's path at the thread's end and lost the checking thread's wake-up: the check hung.
     * The time-out only stops a hang; it asserts nothing about speed.
     */
    @Test
    @Timeout(value = 5, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
    void exploringPastABrokenBarriersBugEnds() throws Exception {
        for (var strategy : List.of(new McrStrategy(SolverKind.ORDER, MemoryModel.SC, QueryLimits.NONE), new DporStrategy(MemoryModel.SC))) {
            ExplorationResult result = RealRuns.explore("examples.juc.CyclicBarrierBrokenByException", MemoryModel.SC, strategy, 1_000, true)
                    .result();
            assertEquals(ExplorationResult.Verdict.BUG, result.verdict(), result.strategy());
            assertTrue(result.complete(), result.strategy() + ": " + result.incompleteReasons());
        }
    }
}
