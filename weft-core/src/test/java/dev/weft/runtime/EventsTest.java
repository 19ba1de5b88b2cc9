package dev.weft.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.runtime.hooks.Hooks;
import dev.weft.trace.Address;
import dev.weft.trace.Event;
import dev.weft.trace.EventKind;
import dev.weft.trace.FenceKind;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.ObjectIds;
import dev.weft.trace.RunResult;
import dev.weft.trace.Values;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.junit.jupiter.api.Test;

/** Each kind of hook produces the events HookHandler and Event document, with the right values. */
class EventsTest {

    private static RunResult completed(TestProgram p) {
        RunResult r = Runs.once(p, MemoryModel.SC);
        assertEquals(RunResult.Status.COMPLETED, r.status(), () -> r.bug() + " " + r.detail());
        return r;
    }

    private static String name(RunResult r, Event e) {
        return r.trace().symbols().threads().name(e.thread());
    }

    @Test
    void aRunStartedFromADaemonThreadStillHasANonDaemonMain() throws Exception {
        // main returns at once; its child writes afterwards, which a run keeps going for unless main is a daemon
        TestProgram p = new TestProgram(t -> t.fork(() -> t.write("x", 1)));
        RunResult[] result = new RunResult[1];
        Thread caller = new Thread(() -> result[0] = Runs.once(p, MemoryModel.SC));
        caller.setDaemon(true);
        caller.start();
        caller.join();
        assertTrue(result[0].trace().events().stream().anyMatch(e -> e.kind() == EventKind.WRITE),
                "the child's write is part of the run");
    }

    @Test
    void readsAndWritesCarryTheirValuesAndInitialValues() {
        TestProgram p = new TestProgram(t -> {
            Vars.z = 42; // left by code Weft does not trace: the initial value
            t.record("z", t.read("z"));
            t.write("x", 7);
            t.record("x", t.read("x"));
            t.writeWide(1L << 40);
            t.record("wide", t.readWide());
            Box box = t.newBox();
            t.writeRef(box);
            t.record("same", t.readRef() == box);
            t.writeRef(null);
            t.writeBox(box, 5);
            t.record("box", t.readBox(box));
            int[] array = t.newArray(3);
            t.writeElement(array, 2, -4);
            t.record("element", t.readElement(array, 2));
            t.write("v", 9);
            t.record("v", t.read("v"));
            t.write("flag", 1);
        });
        RunResult r = completed(p);
        assertEquals("{box=5, element=-4, same=true, v=9, wide=1099511627776, x=7, z=42}", r.finalState().toString());
        List<Event> reads = Runs.ofKind(r, EventKind.READ);
        List<Event> writes = Runs.ofKind(r, EventKind.WRITE);
        assertEquals(42, reads.get(0).value());
        assertEquals(Long.valueOf(42), r.trace().initialValue(reads.get(0).address()));
        assertEquals(Long.valueOf(0), r.trace().initialValue(writes.get(0).address()));
        assertEquals(7, writes.get(0).value());
        assertEquals('I', writes.get(0).valueType());
        assertEquals(1L << 40, writes.get(1).value());
        assertEquals('J', writes.get(1).valueType());
        Event refWrite = writes.get(2);
        assertEquals('L', refWrite.valueType());
        assertEquals(ObjectIds.of(0, 1), refWrite.value(), "the box is main's first allocation");
        assertEquals(ObjectIds.NULL, writes.get(3).value());
        assertEquals(new Address(Address.Kind.INSTANCE_FIELD, ObjectIds.of(0, 1), p.boxField("value").id()), writes.get(4).address());
        assertEquals(Address.arrayElement(ObjectIds.of(0, 2), 2), writes.get(5).address());
        assertEquals(-4, writes.get(5).value());
        assertEquals(1, writes.get(6).value());
        assertEquals('Z', writes.get(6).valueType());
        assertEquals(9, Runs.ofKind(r, EventKind.VOLATILE_WRITE).get(0).value());
        assertEquals(9, Runs.ofKind(r, EventKind.VOLATILE_READ).get(0).value());
        for (Event e : r.trace().events()) {
            if (e.kind().reads() || e.wrote()) {
                assertTrue(r.trace().initialValues().containsKey(e.address()), "no initial value for " + e);
            }
        }
    }

    @Test
    void nestedLocksRecordOnlyTheOutermostAcquireAndRelease() {
        TestProgram p = new TestProgram(t -> {
            Object monitor = new Object();
            Hooks.allocated(monitor, -1);
            t.sync(monitor, () -> t.sync(monitor, () -> t.write("x", 1)));
            ReentrantLock lock = t.newLock();
            t.lock(lock);
            t.lock(lock);
            t.record("holds", Hooks.getHoldCount(lock, -1));
            t.record("tryLock", Hooks.tryLock(lock, -1));
            t.unlock(lock);
            t.unlock(lock);
            t.unlock(lock);
            t.record("held", Hooks.isHeldByCurrentThread(lock, -1));
        });
        RunResult r = completed(p);
        assertEquals("{held=false, holds=2, tryLock=true}", r.finalState().toString());
        List<Event> locks = Runs.ofKind(r, EventKind.LOCK);
        List<Event> unlocks = Runs.ofKind(r, EventKind.UNLOCK);
        assertEquals(2, locks.size());
        assertEquals(2, unlocks.size());
        assertEquals(Address.lock(ObjectIds.of(0, 1)), locks.get(0).address());
        assertEquals(Address.lock(ObjectIds.of(0, 2)), locks.get(1).address());
        assertEquals(locks.get(1).address(), unlocks.get(1).address());
    }

    @Test
    void forkJoinAndThreadNamesFollowForkPaths() {
        TestProgram p = new TestProgram(t -> {
            Thread first = t.fork(() -> {
                Thread nested = t.fork(() -> t.write("x", 1));
                try {
                    t.join(nested);
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
            });
            Thread second = t.fork(() -> t.write("y", 1));
            t.join(first);
            t.join(second);
        });
        RunResult r = completed(p);
        var threads = r.trace().symbols().threads();
        List<Event> forks = Runs.ofKind(r, EventKind.FORK);
        assertEquals(List.of("main.1", "main.1.1", "main.2"), forks.stream().map(e -> threads.name((int) e.value2())).sorted().toList());
        List<Event> joins = Runs.ofKind(r, EventKind.JOIN);
        assertEquals(List.of("main.1.1", "main.1", "main.2"), joins.stream().map(e -> threads.name((int) e.value2())).toList());
        assertEquals(4, Runs.ofKind(r, EventKind.BEGIN).size());
        assertEquals(4, Runs.ofKind(r, EventKind.END).size());
        for (Event e : r.trace().events()) {
            if (e.kind() == EventKind.BEGIN) {
                assertEquals(0, e.seq());
            }
        }
        Event write = Runs.ofKind(r, EventKind.WRITE).stream().filter(e -> e.value() == 1 && e.address().equals(
                dev.weft.trace.Address.staticField(p.field("x").id()))).findFirst().orElseThrow();
        assertEquals("main.1.1", name(r, write));
    }

    @Test
    void waitReleasesTheMonitorAndWakeNamesTheNotify() {
        TestProgram p = new TestProgram(t -> {
            Object monitor = new Object();
            Hooks.allocated(monitor, -1);
            Hooks.monitorEnter(monitor, -1);
            t.fork(() -> t.sync(monitor, () -> {
                t.write("flag", 1);
                t.notifyOn(monitor, false);
            }));
            while (t.read("flag") == 0) {
                t.waitOn(monitor);
            }
            Hooks.monitorExit(monitor, -1);
        });
        RunResult r = completed(p);
        Event wait = Runs.ofKind(r, EventKind.WAIT).get(0);
        Event notify = Runs.ofKind(r, EventKind.NOTIFY).get(0);
        Event wake = Runs.ofKind(r, EventKind.WAKE).get(0);
        assertEquals(wait.address(), notify.address());
        assertEquals(wait.address(), wake.address());
        assertEquals(wait.thread(), notify.value2());
        assertEquals(notify.index(), wake.value2());
        assertTrue(wait.index() < notify.index() && notify.index() < wake.index());
    }

    @Test
    void aNotifyAllWakesEveryWaiterAndANotifyOnlyAWaiterThatTakesIt() {
        TestProgram p = new TestProgram(t -> {
            Object monitor = new Object();
            Hooks.allocated(monitor, -1);
            Runnable waiter = () -> t.sync(monitor, () -> {
                try {
                    t.write("x", t.read("x") + 1);
                    t.waitOn(monitor);
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
            });
            Thread a = t.fork(waiter);
            Thread b = t.fork(waiter);
            Thread c = t.fork(waiter);
            boolean allWaiting = false;
            int loop = t.loc(1);
            int token = t.enterLoop(loop, 0);
            while (!allWaiting) {
                Hooks.monitorEnter(monitor, -1);
                allWaiting = t.read("x") == 3;
                Hooks.monitorExit(monitor, -1);
                t.loopBack(loop, token, allWaiting ? 1 : 0);
            }
            t.sync(monitor, () -> t.notifyOn(monitor, false));
            t.sync(monitor, () -> t.notifyOn(monitor, true));
            t.join(a);
            t.join(b);
            t.join(c);
        });
        RunResult r = completed(p);
        List<Event> waits = Runs.ofKind(r, EventKind.WAIT);
        List<Event> notifies = Runs.ofKind(r, EventKind.NOTIFY);
        assertEquals(3, waits.size());
        assertFalse(notifies.get(0).has(Event.BROADCAST), "a notify");
        assertTrue(notifies.get(1).has(Event.BROADCAST), "a notifyAll");
        List<Event> wakes = Runs.ofKind(r, EventKind.WAKE);
        assertEquals(3, wakes.size());
        // Nobody woke between the two: the notifyAll woke all three, so the notify's notification was not needed.
        assertEquals(3, wakes.stream().filter(w -> w.value2() == notifies.get(1).index()).count());
        assertEquals(-1, notifies.get(0).value2(), "no waiter took the notify's notification");
    }

    @Test
    void waitersReleaseTheJvmMonitorInEverySchedule() {
        TestProgram p = new TestProgram(t -> {
            Object monitor = new Object();
            Hooks.allocated(monitor, -1);
            Runnable consumer = () -> t.sync(monitor, () -> {
                try {
                    while (t.read("flag") == 0) {
                        t.waitOn(monitor);
                    }
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
            });
            Thread first = t.fork(consumer);
            Thread second = t.fork(consumer);
            t.sync(monitor, () -> {
                t.write("flag", 1);
                t.notifyOn(monitor, true);
            });
            t.join(first);
            t.join(second);
        });
        List<RunResult> runs = Runs.dfs(p, MemoryModel.SC);
        assertTrue(runs.size() > 10);
        runs.forEach(r -> assertEquals(RunResult.Status.COMPLETED, r.status(), () -> r.bug() + " " + r.detail()));
    }

    @Test
    void readWriteLockDowngradeRecordsASharedLockWhileTheExclusiveOneIsHeld() {
        TestProgram p = new TestProgram(t -> {
            ReentrantReadWriteLock rw = new ReentrantReadWriteLock();
            Hooks.allocated(rw, -1);
            Lock write = t.view(rw, true);
            Lock read = t.view(rw, false);
            t.lock(write);
            t.lock(read);
            t.unlock(write);
            t.unlock(read);
        });
        RunResult r = completed(p);
        List<Event> sync = r.trace().events().stream()
                .filter(e -> e.kind() == EventKind.LOCK || e.kind() == EventKind.UNLOCK).toList();
        assertEquals(List.of(EventKind.LOCK, EventKind.LOCK, EventKind.UNLOCK, EventKind.UNLOCK), sync.stream().map(Event::kind).toList());
        assertEquals(List.of(false, true, false, true), sync.stream().map(e -> e.has(Event.SHARED)).toList());
        assertEquals(1, sync.stream().map(Event::address).distinct().count());
    }

    @Test
    void conditionEventsUseTheLocksAddress() {
        TestProgram p = new TestProgram(t -> {
            ReentrantLock lock = t.newLock();
            Condition ready = t.newCondition(lock);
            t.lock(lock);
            t.fork(() -> {
                t.lock(lock);
                t.write("flag", 1);
                t.signal(ready, true);
                t.unlock(lock);
            });
            while (t.read("flag") == 0) {
                t.await(ready);
            }
            t.unlock(lock);
        });
        RunResult r = completed(p);
        Address lock = Runs.ofKind(r, EventKind.LOCK).get(0).address();
        for (EventKind kind : List.of(EventKind.WAIT, EventKind.NOTIFY, EventKind.WAKE)) {
            assertEquals(lock, Runs.ofKind(r, kind).get(0).address(), kind.name());
        }
        assertEquals(Runs.ofKind(r, EventKind.NOTIFY).get(0).index(), Runs.ofKind(r, EventKind.WAKE).get(0).value2());
    }

    @Test
    void timedWaitsMayTimeOutAndUntimedOnesNeverDo() {
        TestProgram p = new TestProgram(t -> {
            ReentrantLock lock = t.newLock();
            Condition never = t.newCondition(lock);
            t.lock(lock);
            t.record("signalled", t.await(never, 10));
            t.unlock(lock);
            t.record("time", Hooks.currentTimeMillis());
        });
        List<RunResult> runs = Runs.dfs(p, MemoryModel.SC);
        assertEquals(1, runs.size());
        assertEquals("false", runs.get(0).finalState().get("signalled"));
        assertEquals(-1, Runs.ofKind(runs.get(0), EventKind.WAKE).get(0).value2());
    }

    @Test
    void atomicsRecordReadModifyWrites() {
        TestProgram p = new TestProgram(t -> {
            AtomicInteger counter = new AtomicInteger();
            Hooks.allocated(counter, -1);
            Hooks.beforeAtomic(counter, -1, Hooks.ATOMIC_RMW, -1);
            counter.incrementAndGet();
            Hooks.afterAtomic();
            Hooks.beforeAtomic(counter, -1, Hooks.ATOMIC_RMW, -1);
            t.record("cas", counter.compareAndSet(5, 6));
            Hooks.afterAtomic();
            Hooks.beforeAtomic(counter, -1, Hooks.ATOMIC_WRITE, -1);
            counter.set(3);
            Hooks.afterAtomic();
            t.record("updated", Hooks.atomicUpdate(counter, -1, (java.util.function.IntUnaryOperator) x -> x * 10, true, -1));
            Hooks.beforeAtomic(counter, -1, Hooks.ATOMIC_READ, -1);
            t.record("value", counter.get());
            Hooks.afterAtomic();
        });
        RunResult r = completed(p);
        assertEquals("{cas=false, updated=30, value=30}", r.finalState().toString());
        List<Event> rmws = Runs.ofKind(r, EventKind.ATOMIC_RMW);
        assertEquals(3, rmws.size());
        assertEquals(0, rmws.get(0).value());
        assertEquals(1, rmws.get(0).value2());
        assertTrue(rmws.get(0).wrote());
        assertFalse(rmws.get(1).wrote(), "a failed compareAndSet writes nothing");
        assertEquals(3, rmws.get(2).value());
        assertEquals(30, rmws.get(2).value2());
        assertEquals(3, Runs.ofKind(r, EventKind.VOLATILE_WRITE).get(0).value());
        List<Event> reads = Runs.ofKind(r, EventKind.VOLATILE_READ);
        assertEquals(List.of(3L, 30L), reads.stream().map(Event::value).toList());
        assertEquals(Address.atomic(ObjectIds.of(0, 1), -1), rmws.get(0).address());
        assertEquals(Long.valueOf(0), r.trace().initialValue(rmws.get(0).address()));
    }

    @Test
    void fencesYieldsAndSleepsAreEvents() {
        TestProgram p = new TestProgram(t -> {
            Hooks.fence(FenceKind.RELEASE.ordinal(), -1);
            Hooks.threadYield(-1);
            long before = Hooks.currentTimeMillis();
            Hooks.threadSleep(50, 0, -1);
            t.record("slept", Hooks.currentTimeMillis() - before >= 50);
        });
        RunResult r = completed(p);
        assertEquals(FenceKind.RELEASE.ordinal(), Runs.ofKind(r, EventKind.FENCE).get(0).value());
        assertEquals(2, Runs.ofKind(r, EventKind.YIELD).size());
        assertEquals("true", r.finalState().get("slept"));
    }

    @Test
    void interruptWakesAParkedThreadAndAbortsAWait() {
        TestProgram p = new TestProgram(t -> {
            Object monitor = new Object();
            Hooks.allocated(monitor, -1);
            Thread parker = t.fork(() -> {
                Hooks.park(null, false, -1);
                t.record("parkerInterrupted", Hooks.threadIsInterrupted(Thread.currentThread(), -1));
                t.record("cleared", Hooks.threadInterrupted(-1) && !Hooks.threadInterrupted(-1));
            });
            Thread waiter = t.fork(() -> t.sync(monitor, () -> {
                try {
                    t.waitOn(monitor);
                    t.record("waiter", "woken");
                } catch (InterruptedException e) {
                    t.record("waiter", "interrupted");
                }
            }));
            Hooks.threadInterrupt(parker, -1);
            Hooks.threadInterrupt(waiter, -1);
            t.join(parker);
            t.join(waiter);
        });
        for (RunResult r : Runs.dfs(p, MemoryModel.SC)) {
            assertEquals(RunResult.Status.COMPLETED, r.status(), () -> r.bug() + " " + r.detail());
            assertEquals("{cleared=true, parkerInterrupted=true, waiter=interrupted}", r.finalState().toString());
            assertEquals(2, Runs.ofKind(r, EventKind.INTERRUPT).size());
        }
    }

    @Test
    void unparkBeforeParkLeavesAPermit() {
        TestProgram p = new TestProgram(t -> {
            Thread self = Thread.currentThread();
            Hooks.unpark(self, -1);
            Hooks.park(null, false, -1);
        });
        RunResult r = completed(p);
        assertEquals(1, Runs.ofKind(r, EventKind.UNPARK).size());
        assertEquals(1, Runs.ofKind(r, EventKind.PARK).get(0).value());
    }

    @Test
    void exitZeroEndsTheRunNormally() {
        TestProgram p = new TestProgram(t -> {
            t.write("x", 1);
            Hooks.exit(0, -1);
            t.record("after", "exit");
        });
        RunResult r = completed(p);
        assertEquals(0, Runs.ofKind(r, EventKind.EXIT).get(0).value());
        assertFalse(r.finalState().containsKey("after"));
    }

    @Test
    void hashCodesTimeAndRandomnessAreDeterministic() {
        TestProgram p = new TestProgram(t -> {
            Box box = t.newBox();
            t.record("null", Hooks.identityHashCode(null));
            t.record("hash", Hooks.identityHashCode(box));
            t.record("objectHash", Hooks.objectHashCode(box));
            t.record("time", Hooks.currentTimeMillis());
            t.record("nanos", Hooks.nanoTime());
            t.record("random", Hooks.mathRandom());
            t.record("seed", Hooks.randomSeed());
            t.record("seed2", Hooks.randomSeed());
        });
        RunResult first = completed(p);
        RunResult second = completed(p);
        assertEquals(first.finalState(), second.finalState());
        assertEquals("0", first.finalState().get("null"));
        assertEquals(first.finalState().get("hash"), first.finalState().get("objectHash"));
        assertNotEquals(first.finalState().get("seed"), first.finalState().get("seed2"));
    }

    /** A program subclass of Thread that overrides start(): its super.start() is instrumented as the hook, then the JDK's start. */
    static final class OwnStart extends Thread {
        private final TestProgram program;

        OwnStart(TestProgram program) {
            this.program = program;
        }

        @Override
        public synchronized void start() {
            Hooks.threadStart(this, -1);
            super.start();
        }

        @Override
        public void run() {
            boolean began = Hooks.threadBodyEnter();
            Throwable failure = null;
            try {
                program.write("x", 1);
            } catch (Throwable e) {
                failure = e;
                throw e;
            } finally {
                Hooks.threadBodyExit(began, failure);
            }
        }
    }

    @Test
    void threadsThatOverrideStartOrHaveNoBodyStillRun() {
        TestProgram p = new TestProgram(t -> {
            OwnStart own = new OwnStart(t);
            own.start();
            Thread empty = new Thread(Hooks.wrapThreadBody(null));
            Hooks.threadStart(empty, -1);
            empty.start();
            Thread uninstrumented = new Thread(() -> { });
            Hooks.threadStart(uninstrumented, -1);
            uninstrumented.start();
            Thread neverStarted = new Thread(Hooks.wrapThreadBody(null));
            Hooks.threadStart(neverStarted, -1);
            t.join(own);
            t.join(empty);
            t.join(uninstrumented);
            t.record("x", t.read("x"));
        });
        RunResult r = completed(p);
        assertEquals("1", r.finalState().get("x"));
        assertEquals(4, Runs.ofKind(r, EventKind.END).size());
        assertEquals(3, Runs.ofKind(r, EventKind.JOIN).size());
    }

    @Test
    void daemonThreadsEndWithTheLastNonDaemonThread() {
        TestProgram p = new TestProgram(t -> {
            Thread daemon = new Thread(Hooks.wrapThreadBody(() -> {
                while (true) {
                    t.write("x", t.read("x") + 1);
                }
            }));
            daemon.setDaemon(true);
            Hooks.threadStart(daemon, -1);
            daemon.start();
            t.write("y", 1);
        });
        RunResult r = Runs.once(p, MemoryModel.SC);
        assertEquals(RunResult.Status.COMPLETED, r.status(), () -> r.bug() + " " + r.detail());
        assertEquals(1, Runs.ofKind(r, EventKind.END).size(), "the daemon never ended, and that is no deadlock");
    }

    @Test
    void timedJoinsMayTimeOutAndInterruptsAbortSleepsAndLocks() {
        TestProgram p = new TestProgram(t -> {
            ReentrantLock lock = t.newLock();
            t.lock(lock);
            Thread sleeper = t.fork(() -> {
                try {
                    Hooks.threadSleep(1000, 0, -1);
                    t.record("sleep", "done");
                } catch (InterruptedException e) {
                    t.record("sleep", "interrupted");
                }
                try {
                    Hooks.lock(lock, true, -1);
                    t.record("lock", "acquired");
                } catch (InterruptedException e) {
                    t.record("lock", "interrupted");
                }
            });
            Hooks.threadJoin(sleeper, 5, 0, true, -1);
            Hooks.threadInterrupt(sleeper, -1);
            Hooks.threadJoin(sleeper, 5, 0, true, -1);
            Hooks.threadInterrupt(sleeper, -1);
            Hooks.threadJoin(sleeper, 5, 0, true, -1);
            t.unlock(lock);
            t.join(sleeper);
        });
        Set<String> outcomes = Runs.outcomes(Runs.dfs(p, MemoryModel.SC));
        assertEquals(Set.of("{lock=interrupted, sleep=interrupted}", "{lock=interrupted, sleep=done}",
                "{lock=acquired, sleep=interrupted}"), outcomes);
    }

    @Test
    void valuesOfFloatsAndDoublesUseTheirBits() {
        assertEquals(Values.ofFloat(1.5f), Float.floatToIntBits(1.5f));
    }
}
