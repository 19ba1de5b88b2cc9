package dev.weft.modelled;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

/**
 * Weft's model of {@link ExecutorCompletionService}: each submitted task is a {@link ModelledFutureTask}
 * handed to the executor, which puts itself on the completion queue when it completes (or is
 * cancelled), so {@code take} and {@code poll} hand out the futures in the order they completed, the
 * order Weft explores. The queue is this object's own, guarded by its monitor, or the program's
 * {@link BlockingQueue} when the program passes one. The JDK superclass's own state is never used.
 */
public class ModelledExecutorCompletionService<V> extends ExecutorCompletionService<V> {
    private final Executor executor;
    /** The program's completion queue, or null for this object's own list. */
    private final BlockingQueue<Future<V>> programQueue;
    /** The own list's oldest and newest completed futures; written under this object's monitor. */
    private Completed<V> oldest;
    private Completed<V> newest;

    private static final class Completed<V> {
        final Future<V> future;
        Completed<V> next;

        Completed(Future<V> future) {
            this.future = future;
        }
    }

    /** A task that puts itself on the completion queue once done, as the JDK's {@code QueueingFuture}. */
    private final class QueueingTask extends ModelledFutureTask<V> {
        QueueingTask(Callable<V> callable) {
            super(callable);
        }

        QueueingTask(Runnable runnable, V result) {
            super(runnable, result);
        }

        @Override
        protected void done() {
            completed(this);
        }
    }

    public ModelledExecutorCompletionService(Executor executor) {
        super(executor);
        this.executor = executor;
        this.programQueue = null;
    }

    public ModelledExecutorCompletionService(Executor executor, BlockingQueue<Future<V>> completionQueue) {
        super(executor, completionQueue);
        this.executor = executor;
        this.programQueue = completionQueue;
    }

    @Override
    public Future<V> submit(Callable<V> task) {
        return handOver(new QueueingTask(requireTask(task)));
    }

    @Override
    public Future<V> submit(Runnable task, V result) {
        return handOver(new QueueingTask(requireTask(task), result));
    }

    private static <T> T requireTask(T task) {
        if (task == null) {
            throw new NullPointerException();
        }
        return task;
    }

    private Future<V> handOver(QueueingTask task) {
        executor.execute(task);
        return task;
    }

    private void completed(Future<V> future) {
        if (programQueue != null) {
            programQueue.add(future);
            return;
        }
        synchronized (this) {
            Completed<V> entry = new Completed<>(future);
            if (newest == null) {
                oldest = entry;
            } else {
                newest.next = entry;
            }
            newest = entry;
            notifyAll();
        }
    }

    @Override
    public Future<V> take() throws InterruptedException {
        failIfInterrupted();
        if (programQueue != null) {
            return programQueue.take();
        }
        synchronized (this) {
            while (oldest == null) {
                wait();
            }
            return removeOldest();
        }
    }

    @Override
    public Future<V> poll() {
        if (programQueue != null) {
            return programQueue.poll();
        }
        synchronized (this) {
            return oldest == null ? null : removeOldest();
        }
    }

    @Override
    public Future<V> poll(long timeout, TimeUnit unit) throws InterruptedException {
        failIfInterrupted();
        if (programQueue != null) {
            return programQueue.poll(timeout, unit);
        }
        long deadline = Deadlines.after(timeout, unit);
        synchronized (this) {
            while (oldest == null) {
                if (!Deadlines.waitUntil(this, deadline)) {
                    return null;
                }
            }
            return removeOldest();
        }
    }

    /** The JDK's queue takes its lock interruptibly: an interrupted caller fails even when a future is there. */
    private static void failIfInterrupted() throws InterruptedException {
        if (Thread.interrupted()) {
            throw new InterruptedException();
        }
    }

    private Future<V> removeOldest() {
        Completed<V> entry = oldest;
        oldest = entry.next;
        if (oldest == null) {
            newest = null;
        }
        return entry.future;
    }
}
