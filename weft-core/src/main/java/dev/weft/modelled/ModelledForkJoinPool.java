package dev.weft.modelled;

import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * Weft's model of {@link ForkJoinPool} and of its common pool: every task handed to the pool starts
 * a worker thread of its own, a daemon as the JDK's workers are, named as the JDK names them. The
 * program's {@code new ForkJoinPool(...)} and {@code ForkJoinPool.commonPool()} make these; each run
 * has its own common pool (the run's class loader loads this class afresh). The common pool also
 * runs {@link ModelledCompletableFuture}'s async stages and forks outside any pool.
 *
 * <p>Departures: see {@link ModelledForkJoinTasks} (no bound on the workers at once, so no
 * starvation of a small pool); {@code submit} of a {@link Callable} or {@link Runnable} returns a task
 * whose {@code get} works through {@code ForkJoinTask}'s methods (its {@code Future} interface methods
 * stop the run as unsupported); the pool's statistics and {@code managedBlock} are not modelled.
 */
public class ModelledForkJoinPool extends ForkJoinPool {
    private static ModelledForkJoinPool common;
    private static int pools;

    private final int parallelism;
    private final String workerPrefix;
    private final boolean isCommon;
    /** Workers started by threads that are not this pool's, newest first, and how many. Written under this pool's monitor only. */
    private Worker external;
    private int externalStarted;
    private volatile boolean shutdown;

    /**
     * A worker thread of a modelled pool: forks on it go to its pool. The workers a worker starts are
     * its own list (written by it alone, read by others once it has ended), so that a fork touches no
     * state that other workers touch: a shared count of running tasks made a four-element fork/join
     * sum take more than 7,800 {@code dpor} runs instead of 81.
     */
    static final class Worker extends Thread {
        final ModelledForkJoinPool pool;
        volatile Worker children;
        volatile Worker sibling;
        private int started;

        Worker(ModelledForkJoinPool pool, Runnable body, String name) {
            super(body, name);
            this.pool = pool;
            setDaemon(true);
        }
    }

    public ModelledForkJoinPool() {
        this(Runtime.getRuntime().availableProcessors());
    }

    public ModelledForkJoinPool(int parallelism) {
        this(parallelism, "ForkJoinPool-" + nextPoolNumber() + "-worker-", false);
    }

    private ModelledForkJoinPool(int parallelism, String workerPrefix, boolean isCommon) {
        super(parallelism);
        this.parallelism = parallelism;
        this.workerPrefix = workerPrefix;
        this.isCommon = isCommon;
    }

    /** This run's common pool. */
    public static synchronized ForkJoinPool commonPool() {
        if (common == null) {
            common = new ModelledForkJoinPool(Math.max(1, Runtime.getRuntime().availableProcessors() - 1),
                    "ForkJoinPool.commonPool-worker-", true);
        }
        return common;
    }

    public static int getCommonPoolParallelism() {
        return commonPool().getParallelism();
    }

    /** The pool of the calling worker, or the common pool for any other thread. */
    static ModelledForkJoinPool ofCurrentThread() {
        return Thread.currentThread() instanceof Worker worker ? worker.pool : (ModelledForkJoinPool) commonPool();
    }

    private static synchronized int nextPoolNumber() {
        return ++pools;
    }

    /** Starts a worker that runs {@code body}, named as the JDK's (one started by a worker: after it). */
    void start(Runnable body) {
        if (shutdown) {
            throw new RejectedExecutionException();
        }
        Worker worker;
        if (Thread.currentThread() instanceof Worker forker && forker.pool == this) {
            worker = new Worker(this, body, forker.getName() + "-" + ++forker.started);
            worker.sibling = forker.children;
            forker.children = worker;
        } else {
            synchronized (this) {
                worker = new Worker(this, body, workerPrefix + ++externalStarted);
                worker.sibling = external;
                external = worker;
            }
        }
        // Started as a Thread: the instrumenter routes calls on Thread, not on Weft's own classes, to the runtime.
        Thread thread = worker;
        thread.start();
    }

    /** True once every worker has ended, or false when {@code deadline} passes first. */
    private boolean awaitWorkers(long deadline) throws InterruptedException {
        Worker first;
        synchronized (this) {
            first = external;
        }
        return awaitAll(first, deadline);
    }

    private static boolean awaitAll(Worker first, long deadline) throws InterruptedException {
        for (Worker worker = first; worker != null; worker = worker.sibling) {
            long left = deadline - System.nanoTime();
            Thread thread = worker;
            if (left <= 0) {
                return !anyAlive(first);
            }
            thread.join(left / 1_000_000, (int) (left % 1_000_000));
            if (thread.isAlive() || !awaitAll(worker.children, deadline)) {
                return false;
            }
        }
        return true;
    }

    private synchronized boolean anyWorkerAlive() {
        return anyAlive(external);
    }

    private static boolean anyAlive(Worker first) {
        for (Worker worker = first; worker != null; worker = worker.sibling) {
            Thread thread = worker;
            if (thread.isAlive() || anyAlive(worker.children)) {
                return true;
            }
        }
        return false;
    }

    @Override
    public void execute(Runnable task) {
        if (task == null) {
            throw new NullPointerException();
        }
        start(task);
    }

    @Override
    public void execute(ForkJoinTask<?> task) {
        ModelledForkJoinTask modelled = ModelledForkJoinTasks.model(task);
        start(() -> ModelledForkJoinTasks.runIfUnclaimed(modelled));
    }

    @Override
    public <T> ForkJoinTask<T> submit(ForkJoinTask<T> task) {
        execute(task);
        return task;
    }

    @Override
    public <T> ForkJoinTask<T> submit(Callable<T> task) {
        return submit(new ModelledAdaptedTask<>(task));
    }

    @Override
    public ForkJoinTask<?> submit(Runnable task) {
        return submit(new ModelledAdaptedTask<>(java.util.concurrent.Executors.callable(task)));
    }

    @Override
    public <T> ForkJoinTask<T> submit(Runnable task, T result) {
        return submit(new ModelledAdaptedTask<>(java.util.concurrent.Executors.callable(task, result)));
    }

    @Override
    @SuppressWarnings("unchecked")
    public <T> T invoke(ForkJoinTask<T> task) {
        execute(task);
        return (T) ModelledForkJoinTasks.join(task);
    }

    @Override
    public int getParallelism() {
        return parallelism;
    }

    /** The common pool ignores it, as the JDK's does. */
    @Override
    public synchronized void shutdown() {
        if (!isCommon) {
            shutdown = true;
            notifyAll();
        }
    }

    /** Departure: running tasks are not interrupted (none of the models' waits would see it before they end). */
    @Override
    public List<Runnable> shutdownNow() {
        shutdown();
        return List.of();
    }

    @Override
    public boolean isShutdown() {
        return shutdown;
    }

    @Override
    public boolean isTerminated() {
        return shutdown && !anyWorkerAlive();
    }

    @Override
    public boolean isQuiescent() {
        return !anyWorkerAlive();
    }

    /** For the common pool, which never shuts down: as {@link #awaitQuiescence}. */
    @Override
    public boolean awaitTermination(long timeout, TimeUnit unit) throws InterruptedException {
        long deadline = Deadlines.after(timeout, unit);
        if (!isCommon) {
            synchronized (this) {
                while (!shutdown) {
                    if (!Deadlines.waitUntil(this, deadline)) {
                        return false;
                    }
                }
            }
        }
        return awaitWorkers(deadline);
    }

    @Override
    public boolean awaitQuiescence(long timeout, TimeUnit unit) {
        try {
            return awaitWorkers(Deadlines.after(timeout, unit));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    @Override
    public String toString() {
        return ForkJoinPool.class.getName() + "@" + Integer.toHexString(hashCode()) + "[parallelism = " + parallelism + "]";
    }
}
