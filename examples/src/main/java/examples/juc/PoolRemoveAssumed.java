package examples.juc;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Removes a queued task from a ThreadPoolExecutor and takes it as never run, ignoring remove's answer:
 * the worker may have taken the task off the queue already.
 */
public class PoolRemoveAssumed {
    private static volatile boolean ran;

    public static void main(String[] args) throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(1);
        Runnable task = () -> ran = true;
        pool.execute(() -> { });
        pool.execute(task);
        ((ThreadPoolExecutor) pool).remove(task);
        pool.shutdown();
        if (!pool.awaitTermination(1, TimeUnit.MINUTES)) {
            return; // still running after a minute: nothing to say about the task
        }
        if (ran) {
            throw new AssertionError("the removed task ran");
        }
    }
}
