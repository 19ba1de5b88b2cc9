package dev.weft.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.explore.DporStrategy;
import dev.weft.explore.ExplorationResult;
import dev.weft.explore.McrStrategy;
import dev.weft.solver.QueryLimits;
import dev.weft.solver.SolverKind;
import dev.weft.trace.MemoryModel;
import dev.weft.instrument.InstrumentedProgram;
import dev.weft.explore.DfsStrategy;
import dev.weft.explore.ExplorationLimits;
import dev.weft.trace.Address;
import dev.weft.trace.Event;
import dev.weft.trace.ObjectIds;
import dev.weft.trace.RunResult;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
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
            "examples.jdk.ConcurrentQueueHandoff | ''",
            "examples.BoundedBufferCondition | ''",
    })
    void aCheckInstrumentsTheConcurrentClassesTheProgramUses(String program, String expected) throws Exception {
        Set<String> chosen = InstrumentedProgram.open(RealRuns.examplesClasspath(), program, List.of()).jdkToInstrument(Set.of());
        assertEquals(expected.isEmpty() ? Set.of() : Set.of(expected), chosen, program);
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
     * LinkedBlockingQueue's constructor makes its locks, its count and its head node. Named by whichever thread touched them
     * first, they had other names in other runs, and MCR's seeds, solved on one run's names, missed their states (the
     * program was incomplete with mcr, and a TSO run left its schedule).
     */
    @Test
    void whatAJdkConstructorMakesIsNamedAfterTheThreadThatConstructs() throws Exception {
        String program = "examples.juc.LinkedBlockingQueuePoisonPill";
        InstrumentedProgram opened = InstrumentedProgram.open(RealRuns.examplesClasspath(), program, List.of());
        var exploration = RealRuns.explore(opened, MemoryModel.SC, new DfsStrategy(), new ExplorationLimits(300, null, false),
                JucInstrumentationTest::synchronizationObjects);
        assertEquals(Set.of("main#2", "main#3", "main#5"), exploration.outcomes(), program);
    }

    /** The objects that the run's lock and atomic events are on, by their ids: the queue's two locks and its count. */
    private static Set<String> synchronizationObjects(RunResult run) {
        Set<String> objects = new TreeSet<>();
        for (Event e : run.trace().events()) {
            if (e.address() != null && (e.address().kind() == Address.Kind.LOCK || e.address().kind() == Address.Kind.ATOMIC)) {
                objects.add(ObjectIds.render(e.address().object(), run.trace().symbols()));
            }
        }
        return objects;
    }
}
