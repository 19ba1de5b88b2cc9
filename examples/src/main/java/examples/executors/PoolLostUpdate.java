package examples.executors;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Two unsynchronised increments submitted to a fixed pool of two workers: one can overwrite the other. */
public class PoolLostUpdate {
    private int hits;

    public static void main(String[] args) throws InterruptedException, ExecutionException {
        PoolLostUpdate page = new PoolLostUpdate();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        Future<?> first = pool.submit(() -> page.hits++);
        Future<?> second = pool.submit(() -> page.hits++);
        first.get();
        second.get();
        pool.shutdown();
        if (page.hits != 2) {
            throw new AssertionError("lost update: hits = " + page.hits + ", expected 2");
        }
    }
}
