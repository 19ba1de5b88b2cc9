package examples.juc;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Queues a task behind a first one on a one-worker ThreadPoolExecutor, removes the last and takes
 * it as never run, ignoring remove's answer: the worker may have taken it off the queue already.
 */
public class PoolRemoveAssumed {
    public static void main(String[] args) throws InterruptedException {
        ThreadPoolExecutor pool = new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS, new LinkedBlockingQueue<>());
        AtomicInteger runs = new AtomicInteger();
        Runnable counted = runs::incrementAndGet;
        pool.execute(() -> { });
        pool.execute(counted);
        pool.remove(counted);
        pool.shutdown();
        if (pool.awaitTermination(1, TimeUnit.MINUTES) && runs.get() != 0) {
            throw new AssertionError("the removed task ran " + runs.get() + " time(s)");
        }
    }
}
