package examples.executors;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** {@link PoolLostUpdate} with the increment under a monitor; Future.get orders each task before the check. */
public class PoolLockedCounter {
    public static void main(String[] args) throws InterruptedException, ExecutionException {
        Tally hits = new Tally();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        Future<?> first = pool.submit(hits::add);
        Future<?> second = pool.submit(hits::add);
        first.get();
        second.get();
        pool.shutdown();
        if (hits.count() != 2) {
            throw new AssertionError("hits = " + hits.count() + ", expected 2");
        }
    }
}
