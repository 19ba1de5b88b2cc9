package examples.juc;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/** ThreadPoolExecutor.remove of a queued task, its answer believed: the task ran exactly when remove said false. */
public class PoolRemoveChecked {
    private static volatile boolean ran;

    public static void main(String[] args) throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(1);
        Runnable task = () -> ran = true;
        pool.execute(() -> { });
        pool.execute(task);
        boolean removed = ((ThreadPoolExecutor) pool).remove(task);
        pool.shutdown();
        if (!pool.awaitTermination(1, TimeUnit.MINUTES)) {
            return; // still running after a minute: nothing to say about the task
        }
        if (removed == ran) {
            throw new AssertionError("removed " + removed + ", ran " + ran);
        }
    }
}
