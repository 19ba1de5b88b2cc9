package dev.weft.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.trace.Address;
import dev.weft.trace.Event;
import dev.weft.trace.EventKind;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** One thread's loops as the busy-wait rule and the loop bound see them, fed events by hand. */
class LoopWatchTest {
    private static final int LOOP = 7;
    private static final int INNER = 8;
    private static final int BOUND = 3;
    private static final Address FLAG = Address.staticField(1);
    private static final Address DATA = Address.staticField(2);
    private static final Address LOCK = Address.lock(5);
    private static final Address MAP = Address.objectState(9, 0);

    private final LoopWatch watch = new LoopWatch();
    private int index;
    private int seq;

    private void step(EventKind kind, Address address, long value, int flags) {
        watch.recorded(new Event(index++, kind, 0, seq++, 3, address, value, 0, 'I', flags));
    }

    private void read(Address address, long value) {
        step(EventKind.READ, address, value, 0);
    }

    private int enter(boolean pure) {
        return watch.enter(LOOP, pure, 0, index, seq);
    }

    private LoopWatch.Arrival back(boolean pure, int token) {
        return watch.back(LOOP, pure, false, token, index, seq, BOUND);
    }

    /** A pure loop's iteration that reads FLAG as 0 while its counter local counts down; the arrival at its back edge. */
    private LoopWatch.Arrival countingIteration(boolean jdk, int token, int counter) {
        read(FLAG, 0);
        watch.pendingLocal(counter);
        return watch.back(LOOP, true, jdk, token, index, seq, BOUND);
    }

    private void takeLoopStep(int token) {
        step(EventKind.LOOP, null, 0, 0);
        watch.afterLoopStep(token, index, seq);
    }

    @Test
    void anIterationThatOnlyReadIsALoopStepThatAnotherThreadsLaterWriteReleases() {
        int token = enter(true);
        read(FLAG, 0);
        LoopWatch.Arrival arrival = back(true, token);
        assertTrue(arrival.isLoopStep());
        assertEquals(Set.of(FLAG), arrival.awaited());
        assertFalse(arrival.justified());
        assertFalse(watch.released());
        watch.foreignWrite(DATA, index);
        assertFalse(watch.released(), "the iteration did not read DATA");
        watch.foreignWrite(FLAG, index);
        assertTrue(watch.released());
    }

    @Test
    void aWriteThatBecameVisibleAfterTheIterationsFirstReadJustifiesTheStepAtOnce() {
        int token = enter(true);
        read(FLAG, 0);
        watch.foreignWrite(FLAG, index);
        read(FLAG, 1);
        LoopWatch.Arrival arrival = back(true, token);
        assertTrue(arrival.isLoopStep() && arrival.justified());
        takeLoopStep(token);
        read(FLAG, 1);
        assertFalse(back(true, token).justified(), "the write came before this iteration's first read");
    }

    @Test
    void aWriteOrAChangedLocalMeansNoRepeat() {
        int token = enter(true);
        read(FLAG, 0);
        step(EventKind.WRITE, DATA, 1, 0);
        assertFalse(back(true, token).isLoopStep());
        read(FLAG, 0);
        watch.pendingLocal(1L);
        assertFalse(back(true, token).isLoopStep(), "the counter went from nothing reported to 1");
    }

    @Test
    void callsOnASharedJdkObjectReadItsStateOrChangeIt() {
        int token = enter(true);
        read(MAP, 0);
        step(EventKind.ATOMIC_RMW, MAP, 0, 0); // a poll that returned null: it changed nothing
        assertEquals(Set.of(MAP), back(true, token).awaited(), "an iteration that only read the map is a LOOP step");
        watch.foreignWrite(MAP, index);
        assertTrue(watch.released(), "another thread's changing call releases it");
        takeLoopStep(token);
        read(MAP, 1);
        step(EventKind.PLAIN_RMW, MAP, 1, 0);
        assertFalse(back(true, token).isLoopStep(), "a changing call on a HashMap");
        read(MAP, 2);
        step(EventKind.ATOMIC_RMW, MAP, 2, Event.WROTE);
        assertFalse(back(true, token).isLoopStep(), "a changing call on a thread-safe map");
    }

    @Test
    void aLockTakenAndReleasedInTheIterationKeepsItCleanButAReleaseOfAnOuterLockDoesNot() {
        step(EventKind.LOCK, LOCK, 0, 0);
        int token = enter(true);
        read(FLAG, 0);
        step(EventKind.UNLOCK, LOCK, 0, 0);
        assertFalse(back(true, token).isLoopStep(), "the iteration released a lock held when it began");
        step(EventKind.LOCK, LOCK, 0, 0);
        read(FLAG, 0);
        step(EventKind.UNLOCK, LOCK, 0, 0);
        assertTrue(back(true, token).isLoopStep());
    }

    @Test
    void aReentrantLockOperationMeansNoRepeat() {
        int token = enter(true);
        read(FLAG, 0);
        watch.unrecordedChange();
        assertFalse(back(true, token).isLoopStep());
    }

    @Test
    void anImpureLoopIsNeverALoopStepAndIsCutAfterMoreRepeatsThanTheBound() {
        int token = enter(false);
        for (int round = 0; round <= BOUND; round++) {
            read(FLAG, 0);
            assertFalse(back(false, token).cut(), "round " + round);
        }
        read(FLAG, 0);
        assertTrue(back(false, token).cut());
    }

    @Test
    void aProgramSpinThatCountsALocalIsCutAtTheBoundNeverHeld() {
        int token = enter(true);
        watch.pendingLocal(1_000);
        for (int round = 0; round <= BOUND; round++) {
            LoopWatch.Arrival arrival = countingIteration(false, token, 999 - round);
            assertFalse(arrival.cut() || arrival.isLoopStep(), "round " + round);
        }
        LoopWatch.Arrival arrival = countingIteration(false, token, 0);
        assertTrue(arrival.cut(), "its count could run out and take another path: cut, so the check is incomplete");
        assertFalse(arrival.isLoopStep());
    }

    @Test
    void aJdkSpinThatCountsALocalBeyondTheBoundIsAWaitForWhatItReads() {
        int token = enter(true);
        watch.pendingLocal(1_000);
        for (int round = 0; round <= BOUND; round++) {
            assertFalse(countingIteration(true, token, 999 - round).isLoopStep(), "round " + round);
        }
        LoopWatch.Arrival arrival = countingIteration(true, token, 0);
        assertFalse(arrival.cut());
        assertTrue(arrival.isLoopStep());
        assertEquals(Set.of(FLAG), arrival.awaited());
        watch.foreignWrite(FLAG, index);
        assertTrue(watch.released());
    }

    @Test
    void aJdkSpinThatWritesIsCutAtTheBound() {
        int token = enter(true);
        for (int round = 0; round <= BOUND + 1; round++) {
            read(FLAG, 0);
            step(EventKind.WRITE, DATA, 1, 0);
            watch.pendingLocal(round);
            LoopWatch.Arrival arrival = watch.back(LOOP, true, true, token, index, seq, BOUND);
            assertFalse(arrival.isLoopStep());
            assertEquals(round > BOUND, arrival.cut(), "round " + round);
        }
    }

    @Test
    void anIterationThatReadsAnotherValueStartsTheCountAgain() {
        int token = enter(false);
        for (int round = 0; round < 2 * BOUND; round++) {
            read(FLAG, round % 2);
            assertFalse(back(false, token).cut(), "round " + round);
        }
    }

    @Test
    void anInnerLoopsStepKeepsTheOuterIterationClean() {
        int outer = enter(true);
        int inner = watch.enter(INNER, true, outer, index, seq);
        read(FLAG, 0);
        LoopWatch.Arrival innerArrival = watch.back(INNER, true, false, inner, index, seq, BOUND);
        assertTrue(innerArrival.isLoopStep());
        watch.foreignWrite(FLAG, index);
        takeLoopStep(inner);
        read(FLAG, 0);
        assertTrue(back(true, outer).isLoopStep(), "the outer iteration read and stepped, nothing else");
    }

    @Test
    void aBackEdgeWithoutAnEntryChangesNothing() {
        read(FLAG, 0);
        assertEquals(LoopWatch.Arrival.GO_ON, back(true, 0));
    }
}
