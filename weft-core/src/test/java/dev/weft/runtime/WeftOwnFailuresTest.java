package dev.weft.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.explore.ContinuationPolicy;
import dev.weft.runtime.hooks.Hooks;
import dev.weft.trace.BugKind;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.RunResult;
import dev.weft.trace.RunResult.Status;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.locks.ReentrantLock;
import org.junit.jupiter.api.Test;

/**
 * Weft's own failures in program threads are Weft's, never the program's bug, however they reach
 * the program's thread; the exceptions the runtime throws to the program on purpose stay the program's.
 */
class WeftOwnFailuresTest {
    /** No program has this field: a hook asked about it fails inside Weft's runtime, as a defect of Weft would. */
    private static final int NO_SUCH_FIELD = 1 << 20;

    private static RunResult run(TestProgram program) {
        return Runs.once(program, MemoryModel.SC);
    }

    private static void assertWeftsFailure(TestProgram program) {
        IllegalStateException failed = assertThrows(IllegalStateException.class, () -> run(program));
        assertTrue(failed.getMessage().startsWith("Weft run failed: Weft's own "), failed.getMessage());
    }

    /** A hook that fails inside Weft. */
    private static void weftFails() {
        Hooks.beforeGetStatic(NO_SUCH_FIELD, -1);
    }

    @Test
    void aFailureInsideAHookIsWeftsNotAnExceptionOfTheProgram() {
        assertWeftsFailure(new TestProgram(t -> weftFails()));
    }

    @Test
    void soItIsWhenTheProgramWrapsItOrAnotherThreadHitsIt() {
        assertWeftsFailure(new TestProgram(t -> {
            try {
                weftFails();
            } catch (RuntimeException e) {
                throw new IllegalStateException("the program's own wrapper", new ExecutionException(e));
            }
        }));
        assertWeftsFailure(new TestProgram(t -> t.join(t.fork(WeftOwnFailuresTest::weftFails))));
    }

    @Test
    void aStaticInitialiserThatWeftFailedInEndsTheRunThereEvenWhenTheProgramSwallowsIt() {
        assertWeftsFailure(new TestProgram(t -> {
            RuntimeException weftsOwn = null;
            try {
                weftFails();
            } catch (RuntimeException e) {
                weftsOwn = e;
            }
            // A static initialiser that the same failure ends (instrumented code calls classInitFailed before it
            // rethrows); the program then catches the JVM's ExceptionInInitializerError and goes on.
            Hooks.classInitFailed(weftsOwn);
        }));
    }

    @Test
    void theExceptionsTheRuntimeThrowsOnPurposeStayTheProgramsAndStartAtItsCall() {
        RunResult r = run(new TestProgram(t -> {
            ReentrantLock lock = t.newLock();
            t.unlock(lock);
        }));
        assertEquals(Status.BUG, r.status());
        assertEquals(BugKind.EXCEPTION, r.bug().kind());
        assertTrue(r.bug().message().startsWith("IllegalMonitorStateException"), r.bug().message());
        String firstFrame = r.bug().stackTrace().lines().skip(1).findFirst().orElseThrow().strip();
        String method = firstFrame.substring("at ".length(), firstFrame.indexOf('('));
        assertFalse(WeftThrowables.isWeftFrame(method.substring(0, method.lastIndexOf('.'))), r.bug().stackTrace());
    }

    @Test
    void theProgramsOwnExceptionsAndErrorsStayItsBugs() {
        RunResult thrown = run(new TestProgram(t -> {
            throw new IllegalStateException("the program's");
        }));
        assertEquals(BugKind.EXCEPTION, thrown.bug().kind());
        RunResult outOfMemory = run(new TestProgram(t -> {
            throw new OutOfMemoryError("Java heap space");
        }));
        assertEquals("OutOfMemoryError: Java heap space", outOfMemory.bug().message());
        // Deep enough recursion overflows the stack inside a hook at times: the program's bug all the same.
        RunResult overflow = run(new TestProgram(WeftOwnFailuresTest::recurse));
        assertEquals(BugKind.EXCEPTION, overflow.bug().kind());
        assertEquals("StackOverflowError", overflow.bug().message());
    }

    private static void recurse(TestProgram t) {
        t.write("x", 1);
        recurse(t);
    }

    @Test
    void aRefusalEndsTheRunAsUnsupportedWithItsReason() {
        final class Refusal extends LinkageError implements RefusedByWeft {
            Refusal() {
                super("cannot instrument class Big: method too large");
            }
        }
        RunResult r = run(new TestProgram(t -> {
            throw new NoClassDefFoundError("Big") {
                {
                    initCause(new Refusal());
                }
            };
        }));
        assertEquals(Status.UNSUPPORTED, r.status());
        assertEquals("unsupported: cannot instrument class Big: method too large", r.detail());
    }

    @Test
    void aRunStopsFromOutsideAtItsStop() {
        boolean[] stop = {false};
        int[] steps = {0};
        TestProgram endless = new TestProgram(t -> {
            while (true) {
                t.write("x", 1);
            }
        });
        RunConfig config = Runs.config(MemoryModel.SC).withStop(() -> stop[0]);
        RunResult r = new ControlledExecutor(endless, config).run(point -> {
            stop[0] = ++steps[0] > 100;
            return ContinuationPolicy.INSTANCE.choose(point);
        });
        // How many steps the run takes before the watcher's next poll depends on the machine's load; that it is stopped does not.
        assertEquals(Status.STOPPED, r.status());
        assertTrue(r.schedule().size() < config.stepBound(), "stopped after the stop held, not at the step bound");
    }
}
