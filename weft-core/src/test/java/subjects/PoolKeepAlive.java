package subjects;

import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/** What a program can see of a pool's workers timing out, and of its queue, one use per argument. */
public class PoolKeepAlive {
    private static Thread ranOn;

    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "core-times-out" -> sameThreadForBoth(pool(1, 1, true));
            case "core-kept" -> sameThreadForBoth(pool(1, 1, false));
            case "above-core-times-out" -> sameThreadForBoth(pool(0, 1, false));
            case "cached-pool-size" -> {
                ThreadPoolExecutor pool = (ThreadPoolExecutor) Executors.newCachedThreadPool();
                pool.submit(() -> { }).get();
                int size = pool.getPoolSize();
                pool.shutdown();
                check(size == 1, "pool size " + size);
            }
            case "max-lowered" -> {
                ThreadPoolExecutor pool = pool(2, 2, false);
                pool.prestartAllCoreThreads();
                pool.setCorePoolSize(1);
                pool.setMaximumPoolSize(1);
                pool.shutdown();
                check(pool.getLargestPoolSize() == 2, "largest " + pool.getLargestPoolSize());
            }
            case "hand-over-queue-looks-empty" -> {
                ThreadPoolExecutor pool = (ThreadPoolExecutor) Executors.newCachedThreadPool();
                Runnable task = () -> { };
                pool.execute(task);
                boolean removed = pool.remove(task) || pool.getQueue().remove(task);
                int size = pool.getQueue().size();
                pool.shutdown();
                check(!removed && size == 0, "removed " + removed + ", size " + size);
            }
            default -> throw new IllegalArgumentException(args[0]);
        }
    }

    private static ThreadPoolExecutor pool(int core, int max, boolean coreTimesOut) {
        ThreadPoolExecutor pool = new ThreadPoolExecutor(core, max, 1, TimeUnit.MILLISECONDS, new LinkedBlockingQueue<>());
        pool.allowCoreThreadTimeOut(coreTimesOut);
        return pool;
    }

    /** Two tasks one after the other: both ran on one thread unless the worker timed out between them. */
    private static void sameThreadForBoth(ThreadPoolExecutor pool) throws Exception {
        pool.submit(() -> ranOn = Thread.currentThread()).get();
        Thread first = ranOn;
        pool.submit(() -> ranOn = Thread.currentThread()).get();
        pool.shutdown();
        check(first == ranOn, "the second task ran on a fresh thread");
    }

    private static void check(boolean condition, String message) {
        if (!condition) {
            throw new AssertionError(message);
        }
    }
}
