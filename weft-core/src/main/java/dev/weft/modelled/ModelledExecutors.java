package dev.weft.modelled;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The {@link java.util.concurrent.Executors} factories Weft models; the instrumenter sends the
 * program's calls of them here (same names and signatures). Any other factory stays unsupported.
 */
public final class ModelledExecutors {
    private static int pools;

    private ModelledExecutors() {
    }

    public static ExecutorService newFixedThreadPool(int threads) {
        return newFixedThreadPool(threads, defaultThreadFactory());
    }

    public static ExecutorService newFixedThreadPool(int threads, ThreadFactory factory) {
        return new ModelledThreadPoolExecutor(threads, threads, 0L, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>(), factory,
                new ThreadPoolExecutor.AbortPolicy());
    }

    /** Departure: the JDK wraps this pool so that it cannot be cast to ThreadPoolExecutor and reconfigured; this one can. */
    public static ExecutorService newSingleThreadExecutor() {
        return newFixedThreadPool(1);
    }

    public static ExecutorService newSingleThreadExecutor(ThreadFactory factory) {
        return newFixedThreadPool(1, factory);
    }

    /** Departure: idle workers never time out (the JDK ends them after 60 s); an idle worker does not keep a run going. */
    public static ExecutorService newCachedThreadPool() {
        return newCachedThreadPool(defaultThreadFactory());
    }

    public static ExecutorService newCachedThreadPool(ThreadFactory factory) {
        return new ModelledThreadPoolExecutor(0, Integer.MAX_VALUE, 60L, TimeUnit.SECONDS, new SynchronousQueue<>(), factory,
                new ThreadPoolExecutor.AbortPolicy());
    }

    public static ScheduledExecutorService newScheduledThreadPool(int threads) {
        return new ModelledScheduledThreadPoolExecutor(threads);
    }

    public static ScheduledExecutorService newScheduledThreadPool(int threads, ThreadFactory factory) {
        return new ModelledScheduledThreadPoolExecutor(threads, factory);
    }

    /** Departure: the JDK wraps this pool so that it cannot be cast to ScheduledThreadPoolExecutor; this one can. */
    public static ScheduledExecutorService newSingleThreadScheduledExecutor() {
        return newScheduledThreadPool(1);
    }

    public static ScheduledExecutorService newSingleThreadScheduledExecutor(ThreadFactory factory) {
        return newScheduledThreadPool(1, factory);
    }

    /** Threads named "pool-N-thread-M", non-daemon, normal priority, as the JDK's; N counts from 1 in every run. */
    public static ThreadFactory defaultThreadFactory() {
        return new PoolThreadFactory(nextPoolNumber());
    }

    public static <T> Callable<T> callable(Runnable task, T result) {
        return java.util.concurrent.Executors.callable(task, result);
    }

    public static Callable<Object> callable(Runnable task) {
        return java.util.concurrent.Executors.callable(task);
    }

    private static synchronized int nextPoolNumber() {
        return ++pools;
    }

    private static final class PoolThreadFactory implements ThreadFactory {
        private final String prefix;
        private int threads;

        PoolThreadFactory(int pool) {
            prefix = "pool-" + pool + "-thread-";
        }

        @Override
        public Thread newThread(Runnable body) {
            Thread thread = new Thread(body, prefix + nextThreadNumber());
            if (thread.isDaemon()) {
                thread.setDaemon(false);
            }
            if (thread.getPriority() != Thread.NORM_PRIORITY) {
                thread.setPriority(Thread.NORM_PRIORITY);
            }
            return thread;
        }

        private synchronized int nextThreadNumber() {
            return ++threads;
        }
    }
}
