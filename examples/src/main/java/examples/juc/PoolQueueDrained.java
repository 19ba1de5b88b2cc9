package examples.juc;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Takes the waiting tasks off a one-worker pool's queue with getQueue().drainTo and runs them itself:
 * each of the two counted tasks runs exactly once, on the worker or on main.
 */
public class PoolQueueDrained {
    public static void main(String[] args) throws InterruptedException {
        ThreadPoolExecutor pool = new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS, new LinkedBlockingQueue<>());
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger runs = new AtomicInteger();
        pool.execute(() -> {
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        for (int i = 0; i < 2; i++) {
            pool.execute(runs::incrementAndGet);
        }
        release.countDown();
        List<Runnable> drained = new ArrayList<>();
        pool.getQueue().drainTo(drained);
        for (Runnable task : drained) {
            task.run();
        }
        pool.shutdown();
        if (pool.awaitTermination(1, TimeUnit.MINUTES) && runs.get() != 2) {
            throw new AssertionError("the tasks ran " + runs.get() + " times");
        }
    }
}
