package examples.juc;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Back-pressure by looking at the pool's queue: two producers each see room in a queue of one
 * (getQueue().remainingCapacity()) and then execute, with the worker busy: the second is rejected,
 * as the check and the execute are two steps.
 */
public class PoolQueueRoomAssumed {
    public static void main(String[] args) throws InterruptedException {
        ThreadPoolExecutor pool = new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS, new ArrayBlockingQueue<>(1));
        CountDownLatch release = new CountDownLatch(1);
        pool.execute(() -> {
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        Runnable produce = () -> {
            if (pool.getQueue().remainingCapacity() > 0) {
                pool.execute(() -> { });
            }
        };
        Thread first = new Thread(produce);
        Thread second = new Thread(produce);
        first.start();
        second.start();
        first.join();
        second.join();
        release.countDown();
        pool.shutdown();
    }
}
