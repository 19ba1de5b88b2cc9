package dev.weft.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.explore.ContinuationPolicy;
import dev.weft.explore.PrefixPolicy;
import dev.weft.runtime.hooks.Hooks;
import dev.weft.trace.BugKind;
import dev.weft.trace.Choice;
import dev.weft.trace.EventKind;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.RunResult;
import dev.weft.trace.RunResult.Status;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.Test;

/** Every way a run can end badly, and that the run always returns with its threads stopped. */
class BugsTest {

    private static RunResult firstBug(TestProgram p, RunConfig config) {
        for (RunResult r : Runs.dfs(p, config)) {
            if (r.status() != Status.COMPLETED) {
                return r;
            }
        }
        throw new AssertionError("no run found a bug");
    }

    private static RunResult firstBug(TestProgram p) {
        return firstBug(p, Runs.config(MemoryModel.SC));
    }

    @Test
    void lockOrderInversionIsADeadlockNamingBothThreads() {
        TestProgram p = new TestProgram(t -> {
            Object a = new Object();
            Object b = new Object();
            Hooks.allocated(a, -1);
            Hooks.allocated(b, -1);
            t.fork(() -> t.sync(a, () -> t.sync(b, () -> t.write("x", 1))));
            t.sync(b, () -> t.sync(a, () -> t.write("y", 1)));
        });
        RunResult r = firstBug(p);
        assertEquals(Status.BUG, r.status());
        assertEquals(BugKind.DEADLOCK, r.bug().kind());
        String message = r.bug().message();
        assertTrue(message.matches(".*main at TestProgram\\.java:\\d+ waits for lock main#1 held by main\\.1.*"), message);
        assertTrue(message.matches(".*main\\.1 at TestProgram\\.java:\\d+ waits for lock main#2 held by main.*"), message);
    }

    @Test
    void jucLockInversionIsADeadlockToo() {
        TestProgram p = new TestProgram(t -> {
            ReentrantLock a = t.newLock();
            ReentrantLock b = t.newLock();
            t.fork(() -> {
                t.lock(a);
                t.lock(b);
                t.unlock(b);
                t.unlock(a);
            });
            t.lock(b);
            t.lock(a);
            t.unlock(a);
            t.unlock(b);
        });
        assertEquals(BugKind.DEADLOCK, firstBug(p).bug().kind());
    }

    @Test
    void aMissedNotifyIsADeadlockSayingWhoWaitsForWhat() {
        TestProgram p = new TestProgram(t -> {
            Object monitor = new Object();
            Hooks.allocated(monitor, -1);
            t.fork(() -> t.sync(monitor, () -> t.notifyOn(monitor, false)));
            Hooks.monitorEnter(monitor, -1);
            t.waitOn(monitor);
            Hooks.monitorExit(monitor, -1);
        });
        RunResult r = firstBug(p);
        assertEquals(BugKind.DEADLOCK, r.bug().kind());
        assertTrue(r.bug().message().matches("deadlock: main at TestProgram\\.java:\\d+ waits for a notify on lock main#1"), r.bug().message());
        assertEquals("main", r.bug().thread());
    }

    @Test
    void aThreadJoiningItselfDeadlocks() {
        TestProgram p = new TestProgram(t -> t.join(Thread.currentThread()));
        RunResult r = Runs.once(p, MemoryModel.SC);
        assertEquals(BugKind.DEADLOCK, r.bug().kind());
        assertTrue(r.bug().message().matches("deadlock: main at TestProgram\\.java:\\d+ waits to join main"), r.bug().message());
    }

    @Test
    void spinningOnAFlagNobodySetsIsALivelockAtOnce() {
        TestProgram p = new TestProgram(t -> {
            int loop = t.loc(1);
            int token = t.enterLoop(loop);
            while (t.read("flag") == 0) {
                Hooks.threadYield(-1);
                t.loopBack(loop, token);
            }
        });
        RunResult r = Runs.once(p, MemoryModel.SC);
        assertEquals(Status.BUG, r.status());
        assertEquals(BugKind.LIVELOCK, r.bug().kind());
        assertEquals("livelock: main spins at TestProgram.java:1 until another thread writes Vars.flag", r.bug().message());
        assertTrue(r.trace().size() < 10, "held at the second arrival, not after the step bound: " + r.trace().size());
    }

    @Test
    void spinningUntilAnotherThreadWritesTerminatesInEverySchedule() {
        TestProgram p = new TestProgram(t -> {
            t.fork(() -> t.write("flag", 1));
            int loop = t.loc(1);
            int token = t.enterLoop(loop);
            while (t.read("flag") == 0) {
                Hooks.threadYield(-1);
                t.loopBack(loop, token);
            }
        });
        List<RunResult> runs = Runs.dfs(p, Runs.config(MemoryModel.SC).withStepBound(500));
        runs.forEach(r -> assertEquals(Status.COMPLETED, r.status()));
        assertTrue(runs.size() <= 10, "holding the spinner keeps the tree small: " + runs.size());
    }

    @Test
    void aLoopThatOnlyCountsLocallyOverAnUnchangingFlagIsCutAtTheLoopBound() {
        TestProgram p = countingLoop(20);
        RunResult r = Runs.once(p, MemoryModel.SC);
        assertEquals(Status.CUT, r.status());
        assertEquals("loop bound 10 reached at TestProgram.java:1 in thread main", r.detail());
        RunResult longer = new ControlledExecutor(p, Runs.config(MemoryModel.SC).withLoopBound(20)).run(ContinuationPolicy.INSTANCE);
        assertEquals(Status.COMPLETED, longer.status());
        assertEquals("20", longer.finalState().get("rounds"));
    }

    /** {@code while (rounds < limit && flag == 0) rounds++;}: the iterations differ only in their counter. */
    private static TestProgram countingLoop(int limit) {
        return new TestProgram(t -> {
            int loop = t.loc(1);
            int rounds = 0;
            int token = t.enterLoop(loop, rounds);
            while (rounds < limit && t.read("flag") == 0) {
                rounds++;
                t.loopBack(loop, token, rounds);
            }
            t.record("rounds", rounds);
        });
    }

    @Test
    void anAssertionErrorInAThreadIsAnAssertionBugWithItsLocation() {
        TestProgram p = new TestProgram(t -> {
            Thread child = t.fork(() -> {
                if (t.read("x") == 0) {
                    throw new AssertionError("x is zero");
                }
            });
            t.join(child);
        });
        RunResult r = Runs.once(p, MemoryModel.SC);
        assertEquals(Status.BUG, r.status());
        assertEquals(BugKind.ASSERTION, r.bug().kind());
        assertEquals("AssertionError: x is zero", r.bug().message());
        assertEquals("main.1", r.bug().thread());
        assertEquals("BugsTest.java", r.bug().location().sourceFile());
        assertTrue(r.bug().stackTrace().contains("x is zero"));
        assertEquals(EventKind.END, r.trace().get(r.trace().size() - 1).kind());
    }

    @Test
    void anyOtherUncaughtExceptionIsAnExceptionBug() {
        TestProgram p = new TestProgram(t -> {
            Box box = t.read("x") == 0 ? null : t.newBox();
            t.record("value", box.value);
        });
        RunResult r = Runs.once(p, MemoryModel.SC);
        assertEquals(BugKind.EXCEPTION, r.bug().kind());
        assertTrue(r.bug().message().startsWith("NullPointerException"), r.bug().message());
        assertEquals("main", r.bug().thread());
        assertEquals("BugsTest.java", r.bug().location().sourceFile());
    }

    @Test
    void illegalMonitorUseIsTheProgramsException() {
        TestProgram p = new TestProgram(t -> t.notifyOn(new Object(), false));
        RunResult r = Runs.once(p, MemoryModel.SC);
        assertEquals(BugKind.EXCEPTION, r.bug().kind());
        assertTrue(r.bug().message().startsWith("IllegalMonitorStateException"), r.bug().message());
        assertEquals("TestProgram.java", r.bug().location().sourceFile(), "the runtime's own frames are skipped");
    }

    @Test
    void exitWithNonZeroStatusIsAnExitBugAndStopsTheOtherThreads() {
        TestProgram p = new TestProgram(t -> {
            t.fork(() -> {
                while (true) {
                    t.write("x", t.read("x") + 1);
                }
            });
            Hooks.exit(3, -1);
        });
        RunResult r = Runs.once(p, MemoryModel.SC);
        assertEquals(BugKind.EXIT, r.bug().kind());
        assertEquals("System.exit(3)", r.bug().message());
        assertEquals(3, Runs.ofKind(r, EventKind.EXIT).get(0).value());
    }

    @Test
    void unsupportedCallsEndTheRunNamingTheApi() {
        TestProgram p = new TestProgram(t -> {
            t.write("x", 1);
            Hooks.unsupported("java.util.concurrent.Executors.newFixedThreadPool", -1);
        });
        RunResult r = Runs.once(p, MemoryModel.SC);
        assertEquals(Status.UNSUPPORTED, r.status());
        assertNull(r.bug());
        assertTrue(r.detail().contains("java.util.concurrent.Executors.newFixedThreadPool"), r.detail());
    }

    @Test
    void hooksFromAThreadWeftDidNotStartAreUnsupported() {
        TestProgram p = new TestProgram(t -> {
            Thread rogue = new Thread(() -> t.write("x", 1));
            rogue.start();
            rogue.join();
            t.write("y", 1);
        });
        RunResult r = Runs.once(p, MemoryModel.SC);
        assertEquals(Status.UNSUPPORTED, r.status());
        assertTrue(r.detail().contains("did not start with Thread.start"), r.detail());
    }

    @Test
    void aChoiceThatIsNotEnabledDiverges() {
        TestProgram p = new TestProgram(t -> t.write("x", 1));
        RunResult r = new ControlledExecutor(p, Runs.config(MemoryModel.SC))
                .run(new PrefixPolicy(List.of(Choice.step(77)), ContinuationPolicy.INSTANCE));
        assertEquals(Status.DIVERGED, r.status());
        assertTrue(r.detail().contains("is not enabled"), r.detail());
    }

    @Test
    void aThreadBlockedInUncontrolledCodeIsReportedAndStopped() {
        List<Thread> seen = new ArrayList<>();
        TestProgram p = new TestProgram(t -> {
            seen.add(Thread.currentThread());
            new CountDownLatch(1).await();
        });
        RunConfig quick = Runs.config(MemoryModel.SC).withStuckTimeout(Duration.ofMillis(300));
        RunResult r = new ControlledExecutor(p, quick).run(ContinuationPolicy.INSTANCE);
        assertEquals(Status.UNSUPPORTED, r.status());
        assertTrue(r.detail().contains("main is blocked"), r.detail());
        assertFalse(seen.get(0).isAlive());
    }

    @Test
    void anEndlessLocalLoopIsALivelockAndIsStopped() {
        List<Thread> seen = new ArrayList<>();
        TestProgram p = new TestProgram(t -> {
            seen.add(Thread.currentThread());
            long spins = 0;
            while (spins >= 0) {
                spins = (spins + 1) % 1000;
            }
        });
        RunConfig quick = Runs.config(MemoryModel.SC).withStuckTimeout(Duration.ofMillis(300));
        ControlledExecutor executor = new ControlledExecutor(p, quick);
        RunResult r = executor.run(ContinuationPolicy.INSTANCE);
        assertEquals(BugKind.LIVELOCK, r.bug().kind());
        assertNotNull(r.bug().stackTrace());
        if (Runtime.version().feature() < 20) {
            assertFalse(seen.get(0).isAlive());
        } else {
            // Java 20 and later cannot stop threads: the loop goes on, and no later run is trusted beside it.
            IllegalStateException next = assertThrows(IllegalStateException.class, () -> executor.run(ContinuationPolicy.INSTANCE));
            assertTrue(next.getMessage().startsWith("Weft run failed: Weft cannot control program thread main,"), next.getMessage());
        }
    }

    @Test
    void aProgramThatSwallowsTheAbortIsStoppedAnyway() throws InterruptedException {
        List<Thread> seen = new ArrayList<>();
        TestProgram p = new TestProgram(t -> {
            seen.add(Thread.currentThread());
            Thread stubborn = t.fork(() -> {
                while (true) {
                    try {
                        t.write("x", 1);
                    } catch (Throwable ignored) {
                        // a program that catches everything
                    }
                }
            });
            seen.add(stubborn);
            throw new IllegalStateException("main fails");
        });
        RunConfig quick = Runs.config(MemoryModel.SC).withStuckTimeout(Duration.ofMillis(300));
        RunResult r = new ControlledExecutor(p, quick).run(ContinuationPolicy.INSTANCE);
        assertEquals(BugKind.EXCEPTION, r.bug().kind());
        assertFalse(seen.get(0).isAlive());
        Thread stubborn = seen.get(1);
        // Marked parked for good just before it parks: give it the moment to do so.
        for (int i = 0; i < 5000 && stubborn.getState() != Thread.State.WAITING; i++) {
            Thread.sleep(1);
        }
        assertEquals(Thread.State.WAITING, stubborn.getState());
        // It can never reach another run's hooks.
        RunResult next = Runs.once(new TestProgram(t -> t.write("y", 1)), MemoryModel.SC);
        assertEquals(Status.COMPLETED, next.status());
        assertEquals(Thread.State.WAITING, stubborn.getState());
    }
}
