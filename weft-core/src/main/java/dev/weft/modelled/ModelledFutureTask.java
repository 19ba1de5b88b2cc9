package dev.weft.modelled;

import java.util.concurrent.Callable;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Weft's model of {@link FutureTask}: the same states and blocking behaviour on a monitor, so that
 * the hand-over of the result (or exception) from the thread that runs the task to those that wait
 * for it is synchronization Weft sees. The JDK superclass's own state is never used.
 *
 * <p>Departure: an interrupt that {@code cancel(true)} sends to the running thread is cleared when
 * {@link #run} returns, where the JDK leaves that to the pool that runs the task.
 */
public class ModelledFutureTask<V> extends FutureTask<V> {
    private static final int NEW = 0;
    private static final int RUNNING = 1;
    private static final int COMPLETED = 2;
    private static final int FAILED = 3;
    private static final int CANCELLED = 4;

    private final Callable<V> callable;
    /** Written under this task's monitor only. */
    private volatile int state;
    private V result;
    private Throwable failure;
    private Thread runner;
    private boolean runnerInterrupted;

    public ModelledFutureTask(Callable<V> callable) {
        super(callable);
        this.callable = callable;
    }

    public ModelledFutureTask(Runnable runnable, V result) {
        super(runnable, result);
        this.callable = Executors.callable(runnable, result);
    }

    @Override
    public void run() {
        synchronized (this) {
            if (state != NEW) {
                return;
            }
            state = RUNNING;
            runner = Thread.currentThread();
        }
        V value = null;
        Throwable thrown = null;
        try {
            value = callable.call();
        } catch (Throwable t) {
            thrown = t;
        }
        boolean completed;
        synchronized (this) {
            runner = null;
            completed = state == RUNNING;
            if (completed) {
                result = value;
                failure = thrown;
                state = thrown == null ? COMPLETED : FAILED;
                notifyAll();
            } else if (runnerInterrupted) {
                Thread.interrupted();
            }
        }
        if (completed) {
            done();
        }
    }

    /**
     * One run of a periodic task's body: the task stays not done when the body returns normally, and
     * fails when it throws. False if it did not run, failed or was cancelled meanwhile (no next run).
     */
    @Override
    protected boolean runAndReset() {
        synchronized (this) {
            if (state != NEW) {
                return false;
            }
            state = RUNNING;
            runner = Thread.currentThread();
        }
        Throwable thrown = null;
        try {
            callable.call();
        } catch (Throwable t) {
            thrown = t;
        }
        synchronized (this) {
            runner = null;
            if (state != RUNNING) {
                if (runnerInterrupted) {
                    Thread.interrupted();
                }
                return false;
            }
            state = thrown == null ? NEW : FAILED;
            failure = thrown;
            notifyAll();
        }
        if (thrown != null) {
            done();
        }
        return thrown == null;
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
        synchronized (this) {
            if (state >= COMPLETED) {
                return false;
            }
            if (state == RUNNING && mayInterruptIfRunning) {
                runnerInterrupted = true;
                runner.interrupt();
            }
            state = CANCELLED;
            notifyAll();
        }
        done();
        return true;
    }

    @Override
    public boolean isCancelled() {
        return state == CANCELLED;
    }

    @Override
    public boolean isDone() {
        return state >= COMPLETED;
    }

    @Override
    public V get() throws InterruptedException, ExecutionException {
        synchronized (this) {
            awaitDone();
            return outcome();
        }
    }

    @Override
    public V get(long timeout, TimeUnit unit) throws InterruptedException, ExecutionException, TimeoutException {
        long deadline = Deadlines.after(timeout, unit);
        synchronized (this) {
            if (!awaitDone(deadline)) {
                throw new TimeoutException();
            }
            return outcome();
        }
    }

    /** Returns when the task has completed, failed or been cancelled. */
    synchronized void awaitDone() throws InterruptedException {
        while (state < COMPLETED) {
            wait();
        }
    }

    /** As {@link #awaitDone()}; false if {@code deadline} (a {@code System.nanoTime} value) passed first. */
    synchronized boolean awaitDone(long deadline) throws InterruptedException {
        while (state < COMPLETED) {
            if (!Deadlines.waitUntil(this, deadline)) {
                return false;
            }
        }
        return true;
    }

    /** Once done: true if the task returned a result. */
    boolean succeeded() {
        return state == COMPLETED;
    }

    /** Once done: what the task threw, or null. */
    synchronized Throwable failure() {
        return failure;
    }

    private V outcome() throws ExecutionException {
        if (state == CANCELLED) {
            throw new CancellationException();
        }
        if (state == FAILED) {
            throw new ExecutionException(failure);
        }
        return result;
    }

    /** As the JDK's: identity, then the state. */
    @Override
    public String toString() {
        String status = switch (state) {
            case COMPLETED -> "[Completed normally]";
            case FAILED -> "[Completed exceptionally: " + failure + "]";
            case CANCELLED -> "[Cancelled]";
            default -> "[Not completed, task = " + callable + "]";
        };
        return FutureTask.class.getName() + "@" + Integer.toHexString(hashCode()) + status;
    }
}
