package dev.weft.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.weft.runtime.hooks.Hooks;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.RunResult;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.junit.jupiter.api.Test;

/**
 * Program subclasses that override JDK methods the runtime performs itself: their overrides' super
 * calls reach the hooks (as instrumented code does), and the runtime never calls the override back.
 */
class OverridesTest {
    static final AtomicInteger OVERRIDE_CALLS = new AtomicInteger();

    /** A thread whose interrupt() is overridden; its super.interrupt() is the hook. */
    static final class NoisyThread extends Thread {
        NoisyThread(Runnable body) {
            super(Hooks.wrapThreadBody(body));
        }

        @Override
        public void interrupt() {
            OVERRIDE_CALLS.incrementAndGet();
            Hooks.threadInterrupt(this, -1);
        }

        @Override
        public State getState() {
            OVERRIDE_CALLS.incrementAndGet();
            return super.getState();
        }
    }

    static final class OwnLock extends ReentrantLock {
        @Override
        public Condition newCondition() {
            OVERRIDE_CALLS.incrementAndGet();
            return (Condition) Hooks.newCondition(this, -1);
        }
    }

    static final class OwnReadWriteLock extends ReentrantReadWriteLock {
        @Override
        public WriteLock writeLock() {
            OVERRIDE_CALLS.incrementAndGet();
            return (WriteLock) Hooks.readWriteLockView(this, true, -1);
        }
    }

    @Test
    void theRuntimeNeverCallsAnOverrideBack() {
        OVERRIDE_CALLS.set(0);
        TestProgram p = new TestProgram(t -> {
            Object monitor = new Object();
            Hooks.allocated(monitor, -1);
            NoisyThread waiter = new NoisyThread(() -> t.sync(monitor, () -> {
                try {
                    while (t.read("flag") == 0) {
                        t.waitOn(monitor);
                    }
                } catch (InterruptedException e) {
                    throw new AssertionError(e);
                }
            }));
            Hooks.threadStart(waiter, -1);
            waiter.start();
            t.sync(monitor, () -> {
                t.write("flag", 1);
                t.notifyOn(monitor, true);
            });
            t.join(waiter);

            OwnLock lock = new OwnLock();
            Hooks.allocated(lock, -1);
            Condition condition = lock.newCondition();
            t.lock(lock);
            t.record("signalled", t.await(condition, 1));
            t.unlock(lock);

            OwnReadWriteLock rw = new OwnReadWriteLock();
            Hooks.allocated(rw, -1);
            Lock write = rw.writeLock();
            t.lock(write);
            t.unlock(write);
        });
        for (RunResult r : Runs.dfs(p, MemoryModel.SC)) {
            assertEquals(RunResult.Status.COMPLETED, r.status(), () -> r.bug() + " " + r.detail());
            assertEquals("{signalled=false}", r.finalState().toString());
        }
        int runs = Runs.dfs(p, MemoryModel.SC).size();
        // The program itself calls newCondition and writeLock once per run; the runtime adds nothing.
        OVERRIDE_CALLS.set(0);
        Runs.once(p, MemoryModel.SC);
        assertEquals(2, OVERRIDE_CALLS.get(), "runs: " + runs);
    }
}
