package dev.weft.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.explore.DfsStrategy;
import dev.weft.explore.ExplorationResult;
import dev.weft.explore.McrStrategy;
import dev.weft.solver.QueryLimits;
import dev.weft.solver.SolverKind;
import dev.weft.explore.ExplorationLimits;
import dev.weft.instrument.InstrumentedProgram;
import dev.weft.trace.Address;
import dev.weft.trace.Event;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.ObjectIds;
import dev.weft.trace.RunResult;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Objects made by JDK code have the same names in every run, whatever the schedule: MCR's seeds are solved on one run's
 * names and must meet the same objects in the run that follows them. Before, what a JDK constructor without followed
 * arguments made (a LinkedBlockingQueue's locks and count) and what a JDK factory handed back (Collections.synchronizedMap's
 * wrapper) were named by whichever thread touched them first: CyclicBarrier, SynchronousQueue and LinkedBlockingQueue
 * programs were incomplete with mcr, and a TSO run left its schedule.
 */
class StableObjectNamesTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', value = {
            "examples.juc.LinkedBlockingQueuePoisonPill | main#2 main#3 main#5",
            "examples.jdk.SynchronizedMapsDeadlock | main@1 main@2",
            "examples.juc.PhaserPartyNeverArrives | main#2 main#3",
    })
    void lockAndAtomicEventsNameTheSameObjectsInEveryRun(String program, String names) throws Exception {
        assertEquals(Set.of(names.split(" ")), namesInEveryRun(RealRuns.examplesClasspath(), program,
                StableObjectNamesTest::synchronizationObjects), program);
    }

    /** The JDK's cached Integer 3, stored by whichever thread runs first, has one name in every run. */
    @Test
    void aSharedBoxIsNamedByItsValue() throws Exception {
        assertEquals(Set.of("Integer(3)"), namesInEveryRun(RealRuns.classpathOf(getClass()), "subjects.SharedBoxes",
                StableObjectNamesTest::objectsWritten));
    }

    /** A string literal, stored by whichever thread runs first, has one name in every run: its text. */
    @Test
    void aStringLiteralIsNamedByItsText() throws Exception {
        assertEquals(Set.of("\"USER\""), namesInEveryRun(RealRuns.classpathOf(getClass()), "subjects.SharedLiteral",
                StableObjectNamesTest::objectsWritten));
    }

    /**
     * A queue a static initialiser made: the JVM ran the initialiser inside a hook, where instrumented JDK code took the
     * plain path, so the queue's head node was named by whichever thread touched it first and MCR missed a seed's state.
     */
    @Test
    void aQueueMadeByAStaticInitialiserIsCoveredByMcr() throws Exception {
        InstrumentedProgram opened = InstrumentedProgram.open(RealRuns.classpathOf(getClass()), "subjects.StaticQueue", List.of());
        ExplorationResult result = RealRuns.explore(opened, MemoryModel.SC, new McrStrategy(SolverKind.ORDER, MemoryModel.SC,
                QueryLimits.NONE), 1_000, false).result();
        assertTrue(result.complete(), result.incompleteReasons().toString());
    }

    private static Set<String> namesInEveryRun(String classpath, String program, Function<RunResult, Collection<String>> names)
            throws Exception {
        InstrumentedProgram opened = InstrumentedProgram.open(classpath, program, List.of());
        return RealRuns.explore(opened, MemoryModel.SC, new DfsStrategy(), new ExplorationLimits(300, null, true), names).outcomes();
    }

    /** The objects the run's writes of references store, by their names. */
    private static Set<String> objectsWritten(RunResult run) {
        Set<String> objects = new TreeSet<>();
        for (Event e : run.trace().events()) {
            if (e.wrote() && e.valueType() == 'L' && e.writtenValue() != ObjectIds.NULL) {
                objects.add(ObjectIds.render(e.writtenValue(), run.trace().symbols()));
            }
        }
        return objects;
    }

    /** The objects that the run's lock and atomic events are on, by their names. */
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
