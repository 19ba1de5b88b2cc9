package examples.executors;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * A pool built with its constructor: one worker, room for one queued task, and the caller runs
 * what does not fit. Three locked increments all happen, on the worker or on main.
 */
public class BoundedPoolCallerRuns {
    private int done;

    private synchronized void finish() {
        done++;
    }

    private synchronized int done() {
        return done;
    }

    public static void main(String[] args) throws InterruptedException {
        BoundedPoolCallerRuns work = new BoundedPoolCallerRuns();
        ThreadPoolExecutor pool = new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS, new ArrayBlockingQueue<>(1),
                new ThreadPoolExecutor.CallerRunsPolicy());
        for (int i = 0; i < 3; i++) {
            pool.execute(work::finish);
        }
        pool.shutdown();
        if (pool.awaitTermination(1, TimeUnit.MINUTES) && work.done() != 3) {
            throw new AssertionError(work.done() + " of 3 tasks done");
        }
    }
}
