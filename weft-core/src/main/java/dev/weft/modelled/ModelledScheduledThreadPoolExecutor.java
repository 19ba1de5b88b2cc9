package dev.weft.modelled;

import dev.weft.runtime.hooks.Hooks;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.RejectedExecutionHandler;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * Weft's model of {@link ScheduledThreadPoolExecutor}: a queue of {@link ModelledScheduledTask}s ordered
 * by the time each is due, on this pool's monitor, and up to the core size of workers from the pool's
 * thread factory (program threads of the run), started as tasks are scheduled. Time is the run's
 * logical clock: a worker waits for the first task's due time with a timed wait, which Weft lets end
 * at any moment of the other threads' progress (a delay orders the pool's own tasks, never the
 * program's other threads); a task runs no earlier than a task due before it on a one-worker pool.
 * After {@code shutdown} delayed one-shot tasks still run and periodic ones stop, the JDK's default
 * policies (both settable).
 *
 * <p>Departures: a periodic task runs at most {@value #PERIODIC_RUNS} times; a run in which it would
 * run again says it is incomplete. A worker waiting for work does not keep a run going (as
 * {@link ModelledThreadPoolExecutor}'s). {@code getQueue} is a view of the model's queue ({@link PoolQueueView}),
 * without the calls that depend on the time a task is due ({@code poll}, {@code drainTo}, {@code clear}) or on
 * the order of the JDK's heap ({@code toArray}), and without adding to it. Resizing and the JDK's hooks
 * ({@code decorateTask}, {@code beforeExecute}) are not modelled: calling them stops the run as unsupported.
 */
public class ModelledScheduledThreadPoolExecutor extends ScheduledThreadPoolExecutor {
    static final int PERIODIC_RUNS = 3;

    private final int core;
    private final ThreadFactory threadFactory;
    private final RejectedExecutionHandler rejection;
    /** All below written under this pool's monitor only. */
    private ModelledScheduledTask<?> head;
    private long scheduled;
    private int workers;
    private int live;
    private volatile boolean shutdown;
    private volatile boolean stopped;
    private boolean delayedAfterShutdown = true;
    private boolean periodicAfterShutdown;
    private final PoolQueueView queueView = new PoolQueueView(this, new WaitingTasks());

    public ModelledScheduledThreadPoolExecutor(int core) {
        this(core, ModelledExecutors.defaultThreadFactory(), new AbortPolicy());
    }

    public ModelledScheduledThreadPoolExecutor(int core, ThreadFactory factory) {
        this(core, factory, new AbortPolicy());
    }

    public ModelledScheduledThreadPoolExecutor(int core, RejectedExecutionHandler handler) {
        this(core, ModelledExecutors.defaultThreadFactory(), handler);
    }

    public ModelledScheduledThreadPoolExecutor(int core, ThreadFactory factory, RejectedExecutionHandler handler) {
        super(core, factory, handler);
        this.core = Math.max(1, core);
        this.threadFactory = factory;
        this.rejection = handler;
    }

    // ------------------------------------------------------------------ tasks in

    @Override
    public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
        return enqueue(Executors.callable(command), delay, unit, 0);
    }

    @Override
    public <V> ScheduledFuture<V> schedule(Callable<V> callable, long delay, TimeUnit unit) {
        return enqueue(callable, delay, unit, 0);
    }

    @Override
    public ScheduledFuture<?> scheduleAtFixedRate(Runnable command, long initialDelay, long period, TimeUnit unit) {
        return enqueue(Executors.callable(command), initialDelay, unit, positive(unit.toNanos(period)));
    }

    @Override
    public ScheduledFuture<?> scheduleWithFixedDelay(Runnable command, long initialDelay, long delay, TimeUnit unit) {
        return enqueue(Executors.callable(command), initialDelay, unit, -positive(unit.toNanos(delay)));
    }

    @Override
    public void execute(Runnable command) {
        schedule(command, 0, TimeUnit.NANOSECONDS);
    }

    @Override
    public Future<?> submit(Runnable task) {
        return schedule(task, 0, TimeUnit.NANOSECONDS);
    }

    @Override
    public <T> Future<T> submit(Runnable task, T result) {
        return schedule(Executors.callable(task, result), 0, TimeUnit.NANOSECONDS);
    }

    @Override
    public <T> Future<T> submit(Callable<T> task) {
        return schedule(task, 0, TimeUnit.NANOSECONDS);
    }

    private static long positive(long nanos) {
        if (nanos <= 0) {
            throw new IllegalArgumentException();
        }
        return nanos;
    }

    private <V> ScheduledFuture<V> enqueue(Callable<V> callable, long delay, TimeUnit unit, long period) {
        if (callable == null || unit == null) {
            throw new NullPointerException();
        }
        ModelledScheduledTask<V> task;
        synchronized (this) {
            task = new ModelledScheduledTask<>(callable, Deadlines.after(Math.max(0, delay), unit), period, scheduled++);
            if (!shutdown) {
                insert(task);
                startWorkerIfNeeded();
                notifyAll();
                return task;
            }
        }
        rejection.rejectedExecution(task, this);
        return task;
    }

    private void insert(ModelledScheduledTask<?> task) {
        if (head == null || task.before(head)) {
            task.next = head;
            head = task;
            return;
        }
        ModelledScheduledTask<?> at = head;
        while (at.next != null && !task.before(at.next)) {
            at = at.next;
        }
        task.next = at.next;
        at.next = task;
    }

    private void startWorkerIfNeeded() {
        if (workers >= core) {
            return;
        }
        Thread worker = threadFactory.newThread(this::work);
        if (worker == null) {
            throw new RejectedExecutionException("the thread factory made no thread");
        }
        workers++;
        live++;
        worker.start();
    }

    // ------------------------------------------------------------------ workers

    private void work() {
        try {
            for (ModelledScheduledTask<?> task = next(); task != null; task = next()) {
                runOne(task);
            }
        } finally {
            workerEnded();
        }
    }

    private void runOne(ModelledScheduledTask<?> task) {
        if (!task.isPeriodic()) {
            task.run();
            return;
        }
        if (task.runAndReset()) {
            reschedule(task);
        }
    }

    private synchronized void reschedule(ModelledScheduledTask<?> task) {
        if (task.isCancelled() || shutdown && !periodicAfterShutdown) {
            task.cancel(false);
            return;
        }
        if (++task.runs >= PERIODIC_RUNS) {
            Hooks.modelBoundReached("a periodic task of a ScheduledThreadPoolExecutor ran " + PERIODIC_RUNS
                    + " times (Weft's bound) and could run again");
            task.cancel(false);
            return;
        }
        task.due = task.period > 0 ? task.due + task.period : System.nanoTime() - task.period;
        insert(task);
        notifyAll();
    }

    /** The calling worker's next task once it is due; null when the worker is to end. */
    private synchronized ModelledScheduledTask<?> next() {
        while (!stopped) {
            ModelledScheduledTask<?> first = head;
            if (first == null) {
                if (shutdown) {
                    return null;
                }
                awaitWork();
            } else if (first.isDone() || shutdown && !keepsAfterShutdown(first)) {
                head = first.next;
                first.cancel(false);
            } else if (first.due - System.nanoTime() <= 0) {
                head = first.next;
                return first;
            } else {
                awaitDue(first.due);
            }
        }
        return null;
    }

    private boolean keepsAfterShutdown(ModelledScheduledTask<?> task) {
        return task.isPeriodic() ? periodicAfterShutdown : delayedAfterShutdown;
    }

    /** An idle worker: it does not keep the run going once every other thread has ended. */
    private void awaitWork() {
        Hooks.awaitingWork(true);
        try {
            wait();
        } catch (InterruptedException e) {
            // shutdownNow's interrupt: the loop re-reads the state
        } finally {
            Hooks.awaitingWork(false);
        }
    }

    private void awaitDue(long due) {
        try {
            Deadlines.waitUntil(this, due);
        } catch (InterruptedException e) {
            // shutdownNow's interrupt: the loop re-reads the state
        }
    }

    private synchronized void workerEnded() {
        live--;
        notifyAll();
    }

    // ------------------------------------------------------------------ shutting down

    @Override
    public synchronized void shutdown() {
        shutdown = true;
        notifyAll();
    }

    /** Departure: running tasks are not interrupted. */
    @Override
    public synchronized List<Runnable> shutdownNow() {
        shutdown = true;
        stopped = true;
        List<Runnable> pending = new ArrayList<>();
        for (ModelledScheduledTask<?> task = head; task != null; task = task.next) {
            pending.add(task);
        }
        head = null;
        notifyAll();
        return pending;
    }

    @Override
    public boolean isShutdown() {
        return shutdown;
    }

    @Override
    public synchronized boolean isTerminated() {
        return shutdown && live == 0 && (head == null || stopped);
    }

    @Override
    public synchronized boolean isTerminating() {
        return shutdown && !isTerminated();
    }

    @Override
    public synchronized boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
        long deadline = Deadlines.after(timeout, unit);
        while (!isTerminated()) {
            if (!Deadlines.waitUntil(this, deadline)) {
                return false;
            }
        }
        return true;
    }

    // ------------------------------------------------------------------ the queue

    /** The model's queue as the program may see and change it (see {@link PoolQueueView}). */
    @Override
    public BlockingQueue<Runnable> getQueue() {
        return queueView;
    }

    /** Takes {@code task} off the queue if it waits there, as the JDK's. */
    @Override
    public synchronized boolean remove(Runnable task) {
        boolean removed = unlink(waiting -> waiting.equals(task), false);
        notifyAll();
        return removed;
    }

    /** Takes every cancelled task off the queue, as the JDK's. */
    @Override
    public synchronized void purge() {
        unlink(ModelledScheduledTask::isCancelled, true);
        notifyAll();
    }

    /** Holding the monitor: unlinks the waiting tasks that {@code matches} (the first only, unless {@code all}); whether any. */
    private boolean unlink(Predicate<ModelledScheduledTask<?>> matches, boolean all) {
        boolean removed = false;
        ModelledScheduledTask<?> before = null;
        for (ModelledScheduledTask<?> task = head; task != null; task = task.next) {
            if (!matches.test(task)) {
                before = task;
                continue;
            }
            if (before == null) {
                head = task.next;
            } else {
                before.next = task.next;
            }
            removed = true;
            if (!all) {
                break;
            }
        }
        return removed;
    }

    /** What {@link PoolQueueView} may do with this pool's queue (called holding the monitor). */
    private final class WaitingTasks implements PoolQueueView.Tasks {
        @Override
        public List<Runnable> visible() {
            List<Runnable> tasks = new ArrayList<>();
            for (ModelledScheduledTask<?> task = head; task != null; task = task.next) {
                tasks.add(task);
            }
            return tasks;
        }

        @Override
        public Runnable pollReady() {
            throw refused("poll, drainTo or clear (they take only tasks already due, a time Weft leaves open)");
        }

        @Override
        public boolean unlink(Object task) {
            return ModelledScheduledThreadPoolExecutor.this.unlink(task::equals, false);
        }

        @Override
        public int remainingCapacity() {
            return Integer.MAX_VALUE;
        }

        @Override
        public boolean offer(Runnable task) {
            throw refused("offer or add");
        }

        @Override
        public boolean arrayInJdkOrder() {
            return false;
        }

        @Override
        public String kind() {
            return "ScheduledThreadPoolExecutor";
        }

        private IllegalStateException refused(String call) {
            Hooks.unsupported("java.util.concurrent.ScheduledThreadPoolExecutor.getQueue()." + call, -1);
            return new IllegalStateException("unreachable: the run is over");
        }
    }

    @Override
    public synchronized void setExecuteExistingDelayedTasksAfterShutdownPolicy(boolean value) {
        delayedAfterShutdown = value;
    }

    @Override
    public synchronized boolean getExecuteExistingDelayedTasksAfterShutdownPolicy() {
        return delayedAfterShutdown;
    }

    @Override
    public synchronized void setContinueExistingPeriodicTasksAfterShutdownPolicy(boolean value) {
        periodicAfterShutdown = value;
    }

    @Override
    public synchronized boolean getContinueExistingPeriodicTasksAfterShutdownPolicy() {
        return periodicAfterShutdown;
    }
}
