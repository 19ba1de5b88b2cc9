package dev.weft.modelled;

import java.util.function.Supplier;

/**
 * The life of one fork/join task in Weft's model: not started, claimed by the thread that runs it
 * (its forked worker, or the thread that invokes it), then done with a value or a failure. Guarded by
 * this object's monitor.
 */
final class ModelledTaskState {
    private static final int NEW = 0;
    private static final int RUNNING = 1;
    private static final int DONE = 2;

    private volatile int state;
    private Object value;
    private Throwable failure;

    /** True for the one caller that is to run the task. */
    synchronized boolean claim() {
        if (state != NEW) {
            return false;
        }
        state = RUNNING;
        return true;
    }

    /** Runs {@code work} on the calling thread and finishes with what it returns or throws. */
    void run(Supplier<Object> work) {
        Object result = null;
        Throwable thrown = null;
        try {
            result = work.get();
        } catch (Throwable t) {
            thrown = t;
        }
        finish(result, thrown);
    }

    /** Finishes with {@code result} or {@code thrown} unless done already; true if this call finished it. */
    synchronized boolean finishOnce(Object result, Throwable thrown) {
        if (state == DONE) {
            return false;
        }
        finish(result, thrown);
        return true;
    }

    private synchronized void finish(Object result, Throwable thrown) {
        value = result;
        failure = thrown;
        state = DONE;
        notifyAll();
    }

    boolean isDone() {
        return state == DONE;
    }

    /** Waits until the task is done. */
    synchronized void awaitDone() throws InterruptedException {
        while (state != DONE) {
            wait();
        }
    }

    /** As {@link #awaitDone()}; false if {@code deadline} (a {@code System.nanoTime} value) passed first. */
    synchronized boolean awaitDone(long deadline) throws InterruptedException {
        while (state != DONE) {
            if (!Deadlines.waitUntil(this, deadline)) {
                return false;
            }
        }
        return true;
    }

    /** Waits without giving up on an interrupt, which it keeps for the caller ({@code join} is not interruptible). */
    void awaitDoneUninterruptibly() {
        boolean interrupted = false;
        while (true) {
            try {
                awaitDone();
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    synchronized Object value() {
        return value;
    }

    synchronized Throwable failure() {
        return failure;
    }
}
