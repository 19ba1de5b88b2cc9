package examples.executors;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** A task on a single-thread pool waits for a task it queued on the same pool, which only its own worker could run. */
public class PoolStarvationDeadlock {
    public static void main(String[] args) throws InterruptedException, ExecutionException {
        ExecutorService pool = Executors.newSingleThreadExecutor();
        Future<Integer> outer = pool.submit(() -> {
            Future<Integer> inner = pool.submit(() -> 1);
            return inner.get() + 1;
        });
        System.out.println(outer.get());
        pool.shutdown();
    }
}
