package examples.executors;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * A pool built with its constructor: one worker, room for one queued task, and the caller runs
 * what does not fit. Three locked increments all happen, on the worker or on main.
 */
public class BoundedPoolCallerRuns {
    public static void main(String[] args) throws InterruptedException {
        Tally done = new Tally();
        ThreadPoolExecutor pool = new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS, new ArrayBlockingQueue<>(1),
                new ThreadPoolExecutor.CallerRunsPolicy());
        for (int i = 0; i < 3; i++) {
            pool.execute(done::add);
        }
        pool.shutdown();
        if (pool.awaitTermination(1, TimeUnit.MINUTES) && done.count() != 3) {
            throw new AssertionError(done.count() + " of 3 tasks done");
        }
    }
}
