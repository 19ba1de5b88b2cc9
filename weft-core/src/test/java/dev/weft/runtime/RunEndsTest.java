package dev.weft.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.runtime.hooks.Hooks;
import dev.weft.trace.Bug;
import dev.weft.trace.BugKind;
import dev.weft.trace.Choice;
import dev.weft.trace.Ending;
import dev.weft.trace.EventKind;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.RunResult;
import dev.weft.trace.RunResult.Status;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * How runs end (issue 16, item 3): an uncaught exception ends only its thread, after the program's
 * handler ran, and the run goes on; a run ends at an exit or at the end of its last non-daemon
 * thread, and that end is a scheduling choice against the steps of the threads it cuts off, which
 * the trace lists.
 */
class RunEndsTest {

    /** Starts a daemon thread running {@code body}, as the instrumented {@code Thread.start} would. */
    private static void startDaemon(Runnable body) {
        Thread daemon = new Thread(Hooks.wrapThreadBody(body));
        daemon.setDaemon(true);
        Hooks.threadStart(daemon, -1);
        daemon.start();
    }

    private static Set<String> bugKinds(RunResult r) {
        return r.bugs().stream().map(b -> b.kind() + " in " + b.thread()).collect(Collectors.toCollection(TreeSet::new));
    }

    @Test
    void anUncaughtExceptionEndsOnlyItsThreadAndTheRunGoesOn() {
        TestProgram p = new TestProgram(t -> {
            Thread failing = t.fork(() -> {
                t.write("x", 1);
                throw new IllegalStateException("first");
            });
            Thread other = t.fork(() -> {
                t.write("y", 1);
                throw new AssertionError("second");
            });
            t.join(failing);
            t.join(other);
            t.record("seen", t.read("x") + t.read("y"));
        });
        for (RunResult r : Runs.dfs(p, MemoryModel.SC)) {
            assertEquals(Status.BUG, r.status());
            assertEquals(Set.of("ASSERTION in main.2", "EXCEPTION in main.1"), bugKinds(r));
            assertEquals("2", r.finalState().get("seen"), "main goes on after both failures");
            assertEquals(3, Runs.ofKind(r, EventKind.END).size());
        }
    }

    @Test
    void aWorkersLaterBugIsFoundAfterMainFailed() {
        TestProgram p = new TestProgram(t -> {
            t.fork(() -> {
                if (t.read("x") == 0) {
                    throw new AssertionError("the worker's own bug");
                }
            });
            throw new IllegalStateException("main failed");
        });
        for (RunResult r : Runs.dfs(p, MemoryModel.SC)) {
            assertEquals(Set.of("ASSERTION in main.1", "EXCEPTION in main"), bugKinds(r));
        }
    }

    @Test
    void aLockHeldByAFailedThreadDeadlocksTheOthersAndBothBugsAreReported() {
        TestProgram p = new TestProgram(t -> {
            ReentrantLock lock = t.newLock();
            Thread holder = t.fork(() -> {
                t.lock(lock);
                throw new IllegalStateException("failed holding the lock");
            });
            t.join(holder);
            t.lock(lock);
        });
        RunResult r = Runs.once(p, MemoryModel.SC);
        assertEquals(List.of(BugKind.EXCEPTION, BugKind.DEADLOCK), r.bugs().stream().map(Bug::kind).toList());
        assertEquals("main.1", r.bug().thread(), "the first bug is the one the run showed first");
    }

    @Test
    void theEndOfTheLastNonDaemonThreadIsAChoiceAgainstTheDaemonsSteps() {
        TestProgram p = new TestProgram(t -> {
            startDaemon(() -> {
                t.write("x", 1);
                t.write("y", 1);
            });
        }, () -> java.util.Map.of("x", String.valueOf(Vars.x), "y", String.valueOf(Vars.y)));
        List<RunResult> runs = Runs.dfs(p, MemoryModel.SC);
        assertEquals(Set.of("{x=0, y=0}", "{x=1, y=0}", "{x=1, y=1}"), Runs.outcomes(runs));
        Ending ending = runs.get(0).trace().ending();
        assertNotNull(ending);
        assertEquals(EventKind.END, runs.get(0).trace().get(ending.event()).kind());
        assertEquals(ending.event(), runs.get(0).trace().size() - 1);
        Ending.CutOff cut = ending.cutOff().get(0);
        assertEquals(List.of(EventKind.WRITE), ending.cutOff().stream().map(Ending.CutOff::kind).toList());
        assertTrue(cut.enabled());
        assertTrue(ending.mayCutOff(cut.choice().thread()));
        assertFalse(ending.mayCutOff(0), "main is no daemon");
    }

    @Test
    void anExitCutsOffEveryOtherThreadAndTheTraceSaysWhat() {
        TestProgram p = new TestProgram(t -> {
            t.fork(() -> t.write("x", 1));
            Hooks.exit(0, -1);
        });
        RunResult r = Runs.once(p, MemoryModel.SC);
        assertEquals(Status.COMPLETED, r.status());
        Ending ending = r.trace().ending();
        assertEquals(EventKind.EXIT, r.trace().get(ending.event()).kind());
        assertEquals(List.of(new Ending.CutOff(Choice.step(1), EventKind.WRITE, ending.cutOff().get(0).address(), -1, true)),
                ending.cutOff());
        assertTrue(ending.mayCutOff(1));
        assertFalse(ending.mayCutOff(0), "the exiting thread's steps all come before its exit");
    }

    @Test
    void underTsoABufferedWriteLeftUnflushedIsCutOffToo() {
        TestProgram p = new TestProgram(t -> {
            startDaemon(() -> {
                t.write("x", 1);
                t.write("y", 1);
            });
        });
        for (RunResult r : Runs.dfs(p, MemoryModel.TSO)) {
            Ending ending = r.trace().ending();
            long buffered = r.trace().events().stream().filter(e -> e.kind() == EventKind.WRITE).count()
                    - r.trace().events().stream().filter(e -> e.kind() == EventKind.FLUSH).count();
            assertEquals(buffered > 0 ? 1 : 0, ending.cutOff().stream().filter(c -> c.choice().isFlush()).count(), r.trace().events().toString());
        }
    }

    @Test
    void aDaemonThatSpinsForEverDoesNotKeepTheRunGoing() {
        TestProgram p = new TestProgram(t -> {
            int check = t.loc(1);
            int pause = t.loc(2);
            startDaemon(() -> {
                int token = t.enterLoop(check);
                while (t.read("flag", check) == 0) {
                    Hooks.threadYield(pause);
                    t.loopBack(check, token);
                }
            });
            t.write("x", 1);
        });
        for (RunResult r : Runs.dfs(p, MemoryModel.SC)) {
            assertEquals(Status.COMPLETED, r.status(), () -> r.bugs() + " " + r.detail());
        }
    }

    @Test
    void theProgramsHandlerRunsInTheDyingThreadBeforeItEndsAndTheExceptionIsStillABug() {
        TestProgram p = new TestProgram(t -> {
            Thread failing = new Thread(Hooks.wrapThreadBody(() -> {
                throw new IllegalStateException("handled by the program");
            }));
            failing.setUncaughtExceptionHandler((thread, e) -> {
                t.write("x", 1);
                t.record("handledIn", Thread.currentThread() == thread);
            });
            Hooks.threadStart(failing, -1);
            failing.start();
            t.join(failing);
            t.record("seenAfterJoin", t.read("x"));
        });
        for (RunResult r : Runs.dfs(p, MemoryModel.SC)) {
            assertEquals(List.of(BugKind.EXCEPTION), r.bugs().stream().map(Bug::kind).toList());
            assertEquals("1", r.finalState().get("seenAfterJoin"));
            assertEquals("true", r.finalState().get("handledIn"));
        }
    }

    @Test
    void theDefaultHandlerBelongsToTheRunAndRacesWithFailures() {
        TestProgram p = new TestProgram(t -> {
            t.fork(() -> {
                throw new IllegalStateException("failed");
            });
            Hooks.setDefaultUncaughtExceptionHandler((thread, e) -> t.write("x", 1), -1);
            t.record("default", Hooks.getDefaultUncaughtExceptionHandler(-1) != null);
        }, () -> java.util.Map.of("x", String.valueOf(Vars.x)));
        List<RunResult> runs = Runs.dfs(p, MemoryModel.SC);
        assertEquals(Set.of("{default=true, x=0}", "{default=true, x=1}"),
                runs.stream().map(r -> new java.util.TreeMap<>(r.finalState()).toString()).collect(Collectors.toSet()),
                "the worker fails before or after main installs the handler");
        assertNull(Thread.getDefaultUncaughtExceptionHandler(), "the JVM's own default handler is never touched");
    }

    @Test
    void aThreadGroupThatOverridesUncaughtExceptionIsCalled() {
        TestProgram p = new TestProgram(t -> {
            ThreadGroup group = new ThreadGroup("program's") {
                @Override
                public void uncaughtException(Thread thread, Throwable e) {
                    t.record("group", e.getMessage());
                }
            };
            Thread failing = new Thread(group, Hooks.wrapThreadBody(() -> {
                throw new IllegalStateException("to the group");
            }));
            Hooks.threadStart(failing, -1);
            failing.start();
        });
        RunResult r = Runs.once(p, MemoryModel.SC);
        assertEquals("to the group", r.finalState().get("group"));
        assertEquals(BugKind.EXCEPTION, r.bug().kind());
    }
}
