package dev.weft.check;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.explore.DfsStrategy;
import dev.weft.explore.ExplorationLimits;
import dev.weft.instrument.InstrumentedProgram;
import dev.weft.trace.Address;
import dev.weft.trace.Event;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.ObjectIds;
import dev.weft.trace.RunResult;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
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
    })
    void lockAndAtomicEventsNameTheSameObjectsInEveryRun(String program, String names) throws Exception {
        InstrumentedProgram opened = InstrumentedProgram.open(RealRuns.examplesClasspath(), program, List.of());
        var exploration = RealRuns.explore(opened, MemoryModel.SC, new DfsStrategy(), new ExplorationLimits(300, null, true),
                StableObjectNamesTest::synchronizationObjects);
        assertEquals(Set.of(names.split(" ")), exploration.outcomes(), program);
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
