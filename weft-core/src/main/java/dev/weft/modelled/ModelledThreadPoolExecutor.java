package dev.weft.modelled;

import dev.weft.runtime.hooks.Hooks;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingDeque;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.RejectedExecutionHandler;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Weft's model of {@link ThreadPoolExecutor}: the JDK's policy (a new worker per task up to the core
 * size, then the queue, then new workers up to the maximum, then the rejection handler), with the
 * queue ({@link WorkQueue}) and the workers' hand-over written on this pool's monitor. Workers are
 * ordinary threads from the pool's thread factory, so they are program threads of the run. Tasks from
 * {@code submit} and the {@code invoke*} methods are {@link ModelledFutureTask}s ({@link Invocations}).
 * A worker above the core size (any worker, once {@code allowCoreThreadTimeOut(true)}) waits for work
 * with a timed wait of the keep-alive time, which Weft lets run out at any moment, and then ends, as
 * the JDK's; a worker that a task's exception ended is replaced.
 *
 * <p>Departures: a worker waiting for work without a time-out, or whose time-out only could end it,
 * does not keep a run going once every other thread has ended (a pool the program never shuts down
 * ends its run normally, where the JDK's would keep the JVM alive); {@code invokeAny} submits every
 * task at once; the work queue passed to a constructor only gives the queue's kind and capacity
 * ({@link SynchronousQueue}, {@link LinkedBlockingQueue}, {@link LinkedBlockingDeque} or
 * {@link ArrayBlockingQueue}, empty), and {@code getQueue} hands out a view of the model's queue
 * ({@link PoolQueueView}), not that object; a maximum size below the live workers is not modelled
 * (calling it stops the run as unsupported).
 */
public class ModelledThreadPoolExecutor extends ThreadPoolExecutor {
    private static final int RUNNING = 0;
    private static final int SHUTDOWN = 1;
    private static final int STOP = 2;

    /** Written under this pool's monitor only. */
    private volatile int core;
    private volatile int max;
    /** Written under this pool's monitor only. */
    private volatile long keepAliveNanos;
    /** Written under this pool's monitor only. */
    private volatile boolean coreTimesOut;
    private final WorkQueue queue;
    private final PoolQueueView queueView;
    private final Object termination = new Object();
    private ThreadFactory threadFactory;
    private RejectedExecutionHandler rejection;

    /** Written under this pool's monitor only. */
    private volatile int state;
    /** Written under this pool's monitor and {@link #termination} only. */
    private volatile boolean terminated;
    private Thread[] workers = new Thread[4];
    private int live;
    private int active;
    private int largest;
    private long completed;

    private final class Worker implements Runnable {
        private Runnable first;

        Worker(Runnable first) {
            this.first = first;
        }

        @Override
        public void run() {
            Runnable task = first != null ? first : next(false);
            first = null;
            try {
                while (task != null) {
                    task.run();
                    task = next(true);
                }
            } catch (Throwable failure) {
                failed();
                throw failure;
            }
        }
    }

    public ModelledThreadPoolExecutor(int core, int max, long keepAlive, TimeUnit unit, BlockingQueue<Runnable> queue) {
        this(core, max, keepAlive, unit, queue, ModelledExecutors.defaultThreadFactory(), new AbortPolicy());
    }

    public ModelledThreadPoolExecutor(int core, int max, long keepAlive, TimeUnit unit, BlockingQueue<Runnable> queue,
                                      ThreadFactory factory) {
        this(core, max, keepAlive, unit, queue, factory, new AbortPolicy());
    }

    public ModelledThreadPoolExecutor(int core, int max, long keepAlive, TimeUnit unit, BlockingQueue<Runnable> queue,
                                      RejectedExecutionHandler handler) {
        this(core, max, keepAlive, unit, queue, ModelledExecutors.defaultThreadFactory(), handler);
    }

    public ModelledThreadPoolExecutor(int core, int max, long keepAlive, TimeUnit unit, BlockingQueue<Runnable> queue,
                                      ThreadFactory factory, RejectedExecutionHandler handler) {
        super(core, max, keepAlive, unit, queue, factory, handler);
        this.core = core;
        this.max = max;
        this.keepAliveNanos = unit.toNanos(keepAlive);
        this.queue = new WorkQueue(this, capacityOf(queue));
        this.queueView = new PoolQueueView(this, this.queue);
        this.threadFactory = factory;
        this.rejection = handler;
    }

    private static int capacityOf(BlockingQueue<Runnable> queue) {
        if (queue instanceof SynchronousQueue) {
            return 0;
        }
        if ((queue instanceof LinkedBlockingQueue || queue instanceof LinkedBlockingDeque || queue instanceof ArrayBlockingQueue)
                && queue.isEmpty()) {
            return queue.remainingCapacity();
        }
        Hooks.unsupported("java.util.concurrent.ThreadPoolExecutor with a work queue of " + queue.getClass().getName()
                + (queue.isEmpty() ? "" : " that already holds tasks"), -1);
        throw new IllegalStateException("unreachable: the run is over");
    }

    // ------------------------------------------------------------------ tasks in

    @Override
    public void execute(Runnable command) {
        if (command == null) {
            throw new NullPointerException();
        }
        if (!accept(command)) {
            reject(command);
        }
    }

    private synchronized boolean accept(Runnable command) {
        if (state != RUNNING) {
            return false;
        }
        if (live < core) {
            return startWorker(command);
        }
        if (queue.offer(command)) {
            if (live == 0) {
                startWorker(null);
            }
            return true;
        }
        return live < max && startWorker(command);
    }

    /** The JDK's four policies as written there; any other handler is called. */
    private void reject(Runnable command) {
        RejectedExecutionHandler handler;
        synchronized (this) {
            handler = rejection;
        }
        if (handler instanceof AbortPolicy) {
            throw new RejectedExecutionException("task rejected from " + (isShutdown() ? "a shut-down" : "a saturated") + " executor");
        } else if (handler instanceof CallerRunsPolicy) {
            if (!isShutdown()) {
                command.run();
            }
        } else if (handler instanceof DiscardOldestPolicy) {
            if (!isShutdown()) {
                queueView.poll();
                execute(command);
            }
        } else if (!(handler instanceof DiscardPolicy)) {
            handler.rejectedExecution(command, this);
        }
    }

    @Override
    public Future<?> submit(Runnable task) {
        return submitted(new ModelledFutureTask<Void>(task, null));
    }

    @Override
    public <T> Future<T> submit(Runnable task, T result) {
        return submitted(new ModelledFutureTask<>(task, result));
    }

    @Override
    public <T> Future<T> submit(Callable<T> task) {
        return submitted(new ModelledFutureTask<>(task));
    }

    private <T> ModelledFutureTask<T> submitted(ModelledFutureTask<T> task) {
        execute(task);
        return task;
    }

    @Override
    public <T> List<Future<T>> invokeAll(Collection<? extends Callable<T>> tasks) throws InterruptedException {
        return Invocations.invokeAll(this, tasks, false, 0);
    }

    @Override
    public <T> List<Future<T>> invokeAll(Collection<? extends Callable<T>> tasks, long timeout, TimeUnit unit) throws InterruptedException {
        return Invocations.invokeAll(this, tasks, true, Deadlines.after(timeout, unit));
    }

    @Override
    public <T> T invokeAny(Collection<? extends Callable<T>> tasks) throws InterruptedException, ExecutionException {
        try {
            return Invocations.invokeAny(this, tasks, false, 0);
        } catch (TimeoutException e) {
            throw new IllegalStateException("an untimed invokeAny timed out", e);
        }
    }

    @Override
    public <T> T invokeAny(Collection<? extends Callable<T>> tasks, long timeout, TimeUnit unit)
            throws InterruptedException, ExecutionException, TimeoutException {
        return Invocations.invokeAny(this, tasks, true, Deadlines.after(timeout, unit));
    }

    // ------------------------------------------------------------------ workers

    /** Holding the monitor: a new worker that starts with {@code first} (or takes from the queue); false if the factory gave no thread. */
    private boolean startWorker(Runnable first) {
        Thread thread = threadFactory.newThread(new Worker(first));
        if (thread == null) {
            return false;
        }
        if (live == workers.length) {
            Thread[] more = new Thread[live * 2];
            System.arraycopy(workers, 0, more, 0, live);
            workers = more;
        }
        workers[live++] = thread;
        largest = Math.max(largest, live);
        if (first != null) {
            active++;
        }
        thread.start();
        return true;
    }

    /**
     * The calling worker's next task, after its last one ({@code finishedOne}); null when it is to end,
     * as the JDK's {@code getTask}: the pool stops, or it shuts down with no task left, or the pool
     * has more workers than its maximum, or the worker's keep-alive time ran out while it may time out
     * (above the core size, or core workers time out); in the last two cases only if another worker
     * remains or no task waits. A task handed over to an idle worker (a {@link SynchronousQueue}) is
     * the workers' already: one of them takes it even when the pool stops.
     */
    private synchronized Runnable next(boolean finishedOne) {
        if (finishedOne) {
            active--;
            completed++;
        }
        boolean timedOut = false;
        while (state < STOP && (!queue.isEmpty() || state == RUNNING) || queue.handingOver()) {
            boolean timed = coreTimesOut || live > core;
            if ((live > max || timed && timedOut) && (live > 1 || queue.isEmpty()) && !queue.unclaimed()) {
                break;
            }
            if (!queue.isEmpty()) {
                active++;
                if (state == STOP) {
                    Thread.currentThread().interrupt();
                }
                return queue.poll();
            }
            timedOut = !awaitWork(timed);
        }
        removeWorker(Thread.currentThread());
        return null;
    }

    /**
     * Holding the monitor: waits for a task, at most the keep-alive time when {@code timed}; false once
     * that time has run out. While it waits the worker tells the runtime so: a run whose other threads
     * are all done ends.
     */
    private boolean awaitWork(boolean timed) {
        queue.idle++;
        Hooks.awaitingWork(true);
        try {
            if (!timed) {
                wait();
                return true;
            }
            long deadline = Deadlines.after(keepAliveNanos, TimeUnit.NANOSECONDS);
            Deadlines.waitUntil(this, deadline);
            return deadline - System.nanoTime() > 0;
        } catch (InterruptedException e) {
            // shutdownNow's interrupt, or a stale one from a cancelled task: the caller re-reads the state
            return true;
        } finally {
            Hooks.awaitingWork(false);
            queue.idle--;
        }
    }

    /** A task threw out of a worker (through {@code execute}): the worker ends with that exception, and another takes its place. */
    private synchronized void failed() {
        active--;
        completed++;
        removeWorker(Thread.currentThread());
        if (state == RUNNING || state == SHUTDOWN && !queue.isEmpty()) {
            startWorker(null);
        }
    }

    private void removeWorker(Thread thread) {
        for (int i = 0; i < live; i++) {
            if (workers[i] == thread) {
                workers[i] = workers[--live];
                workers[live] = null;
                break;
            }
        }
        terminateIfDone();
    }

    private void terminateIfDone() {
        if (live == 0 && (state == STOP || state == SHUTDOWN && queue.isEmpty())) {
            synchronized (termination) {
                terminated = true;
                termination.notifyAll();
            }
        }
    }

    // ------------------------------------------------------------------ shutdown

    @Override
    public synchronized void shutdown() {
        if (state == RUNNING) {
            state = SHUTDOWN;
        }
        notifyAll();
        terminateIfDone();
    }

    /** As the JDK's: the waiting tasks are taken off and returned, every worker is interrupted. */
    @Override
    public synchronized List<Runnable> shutdownNow() {
        state = STOP;
        List<Runnable> pending = new ArrayList<>();
        queueView.drainTo(pending);
        for (int i = 0; i < live; i++) {
            workers[i].interrupt();
        }
        notifyAll();
        terminateIfDone();
        return pending;
    }

    @Override
    public boolean isShutdown() {
        return state != RUNNING;
    }

    @Override
    public boolean isTerminating() {
        return state != RUNNING && !terminated;
    }

    @Override
    public boolean isTerminated() {
        return terminated;
    }

    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
        long deadline = Deadlines.after(timeout, unit);
        synchronized (termination) {
            while (!terminated) {
                if (!Deadlines.waitUntil(termination, deadline)) {
                    return false;
                }
            }
            return true;
        }
    }

    // ------------------------------------------------------------------ configuration and statistics

    @Override
    public synchronized boolean prestartCoreThread() {
        return live < core && startWorker(null);
    }

    @Override
    public synchronized int prestartAllCoreThreads() {
        int started = 0;
        while (live < core && startWorker(null)) {
            started++;
        }
        return started;
    }

    @Override
    public int getCorePoolSize() {
        return core;
    }

    @Override
    public int getMaximumPoolSize() {
        return max;
    }

    /** As the JDK's: a larger core starts workers for the tasks waiting; a smaller one wakes the idle workers, which may now time out. */
    @Override
    public synchronized void setCorePoolSize(int size) {
        if (size < 0 || max < size) {
            throw new IllegalArgumentException();
        }
        int added = size - core;
        core = size;
        if (live > size) {
            notifyAll();
            return;
        }
        for (int k = Math.min(added, queue.size()); k > 0 && !queue.isEmpty() && startWorker(null); k--) {
            // each new worker takes a waiting task
        }
    }

    /** As the JDK's: workers above a smaller maximum end once idle (the idle ones are woken for it). */
    @Override
    public synchronized void setMaximumPoolSize(int size) {
        if (size <= 0 || size < core) {
            throw new IllegalArgumentException();
        }
        max = size;
        if (live > size) {
            notifyAll();
        }
    }

    @Override
    public synchronized void allowCoreThreadTimeOut(boolean value) {
        if (value && keepAliveNanos <= 0) {
            throw new IllegalArgumentException("Core threads must have nonzero keep alive times");
        }
        if (value != coreTimesOut) {
            coreTimesOut = value;
            if (value) {
                notifyAll();
            }
        }
    }

    @Override
    public boolean allowsCoreThreadTimeOut() {
        return coreTimesOut;
    }

    /** As the JDK's: a shorter time wakes the idle workers, whose waits start again with it. */
    @Override
    public synchronized void setKeepAliveTime(long time, TimeUnit unit) {
        long nanos = unit.toNanos(time);
        if (time < 0 || nanos == 0 && coreTimesOut) {
            throw new IllegalArgumentException();
        }
        long shorter = keepAliveNanos - nanos;
        keepAliveNanos = nanos;
        if (shorter > 0) {
            notifyAll();
        }
    }

    @Override
    public synchronized long getKeepAliveTime(TimeUnit unit) {
        return unit.convert(keepAliveNanos, TimeUnit.NANOSECONDS);
    }

    /** The model's queue as the program may see and change it (see {@link PoolQueueView}). */
    @Override
    public BlockingQueue<Runnable> getQueue() {
        return queueView;
    }

    /** Takes the first waiting task equal to {@code task} off the queue, as the JDK's. */
    @Override
    public synchronized boolean remove(Runnable task) {
        boolean removed = queueView.remove(task);
        terminateIfDone();
        return removed;
    }

    /** Takes every waiting task that is a cancelled {@code Future} off the queue, as the JDK's. */
    @Override
    public synchronized void purge() {
        queue.remove(waiting -> waiting instanceof Future<?> future && future.isCancelled(), true);
        terminateIfDone();
    }

    @Override
    public synchronized ThreadFactory getThreadFactory() {
        return threadFactory;
    }

    @Override
    public synchronized void setThreadFactory(ThreadFactory factory) {
        if (factory == null) {
            throw new NullPointerException();
        }
        threadFactory = factory;
    }

    @Override
    public synchronized RejectedExecutionHandler getRejectedExecutionHandler() {
        return rejection;
    }

    @Override
    public synchronized void setRejectedExecutionHandler(RejectedExecutionHandler handler) {
        if (handler == null) {
            throw new NullPointerException();
        }
        rejection = handler;
    }

    @Override
    public synchronized int getPoolSize() {
        return live;
    }

    @Override
    public synchronized int getActiveCount() {
        return active;
    }

    @Override
    public synchronized int getLargestPoolSize() {
        return largest;
    }

    @Override
    public synchronized long getTaskCount() {
        return completed + active + queue.size();
    }

    @Override
    public synchronized long getCompletedTaskCount() {
        return completed;
    }

    /** As the JDK's: identity, state and counts. */
    @Override
    public synchronized String toString() {
        String run = state == RUNNING ? "Running" : terminated ? "Terminated" : "Shutting down";
        return ThreadPoolExecutor.class.getName() + "@" + Integer.toHexString(hashCode()) + "[" + run + ", pool size = " + live
                + ", active threads = " + active + ", queued tasks = " + queue.size() + ", completed tasks = " + completed + "]";
    }
}
