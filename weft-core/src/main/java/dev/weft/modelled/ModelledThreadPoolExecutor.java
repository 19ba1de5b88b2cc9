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
import java.util.function.Predicate;

/**
 * Weft's model of {@link ThreadPoolExecutor}: the JDK's policy (a new worker per task up to the core
 * size, then the queue, then new workers up to the maximum, then the rejection handler), with the
 * queue and the workers' hand-over written on this pool's monitor. Workers are ordinary threads from
 * the pool's thread factory, so they are program threads of the run. Tasks from {@code submit} and
 * the {@code invoke*} methods are {@link ModelledFutureTask}s.
 *
 * <p>Departures: idle workers never time out (keep-alive times are accepted and ignored); a worker
 * waiting for work does not keep a run going once every other thread has ended (a pool the program
 * never shuts down ends its run normally, where the JDK's would keep the JVM alive); {@code invokeAny}
 * submits every task at once; the work queue passed to a constructor only gives the queue's kind and
 * capacity ({@link SynchronousQueue}, {@link LinkedBlockingQueue}, {@link LinkedBlockingDeque} or
 * {@link ArrayBlockingQueue}, empty); {@code getQueue} and a maximum size below the live workers are
 * not modelled (calling them stops the run as unsupported).
 */
public class ModelledThreadPoolExecutor extends ThreadPoolExecutor {
    private static final int RUNNING = 0;
    private static final int SHUTDOWN = 1;
    private static final int STOP = 2;

    /** Written under this pool's monitor only. */
    private volatile int core;
    private volatile int max;
    private final long keepAliveNanos;
    private volatile boolean coreTimesOut;
    /** How many tasks may wait; 0 is a hand-over queue, where a task waits only for a worker that is idle. */
    private final int capacity;
    private final Object termination = new Object();
    private ThreadFactory threadFactory;
    private RejectedExecutionHandler rejection;

    /** Written under this pool's monitor only. */
    private volatile int state;
    /** Written under this pool's monitor and {@link #termination} only. */
    private volatile boolean terminated;
    private Node head;
    private Node tail;
    private int queued;
    private Thread[] workers = new Thread[4];
    private int live;
    private int idle;
    private int active;
    private int largest;
    private long completed;

    private static final class Node {
        final Runnable task;
        Node next;

        Node(Runnable task) {
            this.task = task;
        }
    }

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
        this.capacity = capacityOf(queue);
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
        if (capacity == 0 ? queued < idle : queued < capacity) {
            enqueue(command);
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
                synchronized (this) {
                    if (head != null) {
                        dequeue();
                    }
                }
                execute(command);
            }
        } else if (!(handler instanceof DiscardPolicy)) {
            handler.rejectedExecution(command, this);
        }
    }

    private void enqueue(Runnable task) {
        Node node = new Node(task);
        if (tail == null) {
            head = node;
        } else {
            tail.next = node;
        }
        tail = node;
        queued++;
        notify();
    }

    private Runnable dequeue() {
        Node node = head;
        head = node.next;
        if (head == null) {
            tail = null;
        }
        queued--;
        return node.task;
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
        return invokeAll(tasks, false, 0);
    }

    @Override
    public <T> List<Future<T>> invokeAll(Collection<? extends Callable<T>> tasks, long timeout, TimeUnit unit) throws InterruptedException {
        return invokeAll(tasks, true, Deadlines.after(timeout, unit));
    }

    /** Submits every task and waits for all; on a timeout the unfinished ones are cancelled. */
    private <T> List<Future<T>> invokeAll(Collection<? extends Callable<T>> tasks, boolean timed, long deadline) throws InterruptedException {
        List<ModelledFutureTask<T>> submitted = new ArrayList<>(tasks.size());
        boolean finished = false;
        try {
            for (Callable<T> task : tasks) {
                submitted.add(new ModelledFutureTask<>(task));
            }
            for (ModelledFutureTask<T> task : submitted) {
                execute(task);
            }
            for (ModelledFutureTask<T> task : submitted) {
                if (!timed) {
                    task.awaitDone();
                } else if (!task.awaitDone(deadline)) {
                    return new ArrayList<>(submitted);
                }
            }
            finished = true;
            return new ArrayList<>(submitted);
        } finally {
            if (!finished) {
                cancelAll(submitted);
            }
        }
    }

    @Override
    public <T> T invokeAny(Collection<? extends Callable<T>> tasks) throws InterruptedException, ExecutionException {
        try {
            return invokeAny(tasks, false, 0);
        } catch (TimeoutException e) {
            throw new IllegalStateException("an untimed invokeAny timed out", e);
        }
    }

    @Override
    public <T> T invokeAny(Collection<? extends Callable<T>> tasks, long timeout, TimeUnit unit)
            throws InterruptedException, ExecutionException, TimeoutException {
        return invokeAny(tasks, true, Deadlines.after(timeout, unit));
    }

    private <T> T invokeAny(Collection<? extends Callable<T>> tasks, boolean timed, long deadline)
            throws InterruptedException, ExecutionException, TimeoutException {
        if (tasks.isEmpty()) {
            throw new IllegalArgumentException();
        }
        FirstSuccess<T> race = new FirstSuccess<>(tasks.size());
        List<ModelledFutureTask<T>> submitted = new ArrayList<>(tasks.size());
        try {
            for (Callable<T> task : tasks) {
                submitted.add(race.contender(task));
            }
            for (ModelledFutureTask<T> task : submitted) {
                execute(task);
            }
            return race.await(timed, deadline);
        } finally {
            cancelAll(submitted);
        }
    }

    private static <T> void cancelAll(List<ModelledFutureTask<T>> tasks) {
        for (ModelledFutureTask<T> task : tasks) {
            task.cancel(true);
        }
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
     * The calling worker's next task, after its last one ({@code finishedOne}); null when it is to end.
     * While it waits for work it tells the runtime so: a run whose other threads are all done ends.
     */
    private synchronized Runnable next(boolean finishedOne) {
        if (finishedOne) {
            active--;
            completed++;
        }
        while (state < STOP && (head != null || state == RUNNING)) {
            if (head != null) {
                active++;
                return dequeue();
            }
            idle++;
            Hooks.awaitingWork(true);
            try {
                wait();
            } catch (InterruptedException e) {
                // shutdownNow's interrupt, or a stale one from a cancelled task: the loop re-reads the state
            } finally {
                Hooks.awaitingWork(false);
                idle--;
            }
        }
        removeWorker(Thread.currentThread());
        return null;
    }

    /** A task threw out of a worker (through {@code execute}): the worker ends with that exception. */
    private synchronized void failed() {
        active--;
        completed++;
        removeWorker(Thread.currentThread());
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
        if (live == 0 && (state == STOP || state == SHUTDOWN && head == null)) {
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

    @Override
    public synchronized List<Runnable> shutdownNow() {
        state = STOP;
        List<Runnable> pending = new ArrayList<>(queued);
        while (head != null) {
            pending.add(dequeue());
        }
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

    /** As the JDK's: a larger core starts workers for the tasks waiting (a smaller one: see the keep-alive departure). */
    @Override
    public synchronized void setCorePoolSize(int size) {
        if (size < 0 || max < size) {
            throw new IllegalArgumentException();
        }
        int added = size - core;
        core = size;
        for (int k = Math.min(added, queued); k > 0 && head != null && startWorker(null); k--) {
            // each new worker takes a waiting task
        }
    }

    /** A maximum below the live workers is not modelled (the JDK's idle workers above it end): the run stops as unsupported. */
    @Override
    public synchronized void setMaximumPoolSize(int size) {
        if (size <= 0 || size < core) {
            throw new IllegalArgumentException();
        }
        if (size < live) {
            Hooks.unsupported("java.util.concurrent.ThreadPoolExecutor.setMaximumPoolSize below the pool's live workers", -1);
        }
        max = size;
    }

    /**
     * Accepted as the JDK's; but Weft's workers never time out (the keep-alive departure), so with
     * {@code true} no run hands a task to a fresh worker after a core worker timed out: the run says
     * it is incomplete.
     */
    @Override
    public void allowCoreThreadTimeOut(boolean value) {
        if (value && keepAliveNanos <= 0) {
            throw new IllegalArgumentException("Core threads must have nonzero keep alive times");
        }
        coreTimesOut = value;
        if (value) {
            Hooks.modelBoundReached("ThreadPoolExecutor.allowCoreThreadTimeOut(true): Weft's idle workers never time out, "
                    + "so no run gives a task to a fresh worker after one did");
        }
    }

    @Override
    public boolean allowsCoreThreadTimeOut() {
        return coreTimesOut;
    }

    /** Takes the first waiting task equal to {@code task} off the queue, as the JDK's. */
    @Override
    public synchronized boolean remove(Runnable task) {
        boolean removed = removeQueued(waiting -> task.equals(waiting), false) > 0;
        terminateIfDone();
        return removed;
    }

    /** Takes every waiting task that is a cancelled {@code Future} off the queue, as the JDK's. */
    @Override
    public synchronized void purge() {
        removeQueued(waiting -> waiting instanceof Future<?> future && future.isCancelled(), true);
        terminateIfDone();
    }

    /** Holding the monitor: unlinks the waiting tasks that {@code matches} (the first only, unless {@code all}); how many. */
    private int removeQueued(Predicate<Runnable> matches, boolean all) {
        int removed = 0;
        Node before = null;
        for (Node node = head; node != null; node = node.next) {
            if (!matches.test(node.task)) {
                before = node;
                continue;
            }
            if (before == null) {
                head = node.next;
            } else {
                before.next = node.next;
            }
            if (tail == node) {
                tail = before;
            }
            queued--;
            removed++;
            if (!all) {
                break;
            }
        }
        return removed;
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
        return completed + active + queued;
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
                + ", active threads = " + active + ", queued tasks = " + queued + ", completed tasks = " + completed + "]";
    }
}
