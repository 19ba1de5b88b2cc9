package examples.executors;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** {@link PoolLostUpdate} with the increment under a monitor; Future.get orders each task before the check. */
public class PoolLockedCounter {
    private int hits;

    private synchronized void hit() {
        hits++;
    }

    private synchronized int hits() {
        return hits;
    }

    public static void main(String[] args) throws InterruptedException, ExecutionException {
        PoolLockedCounter page = new PoolLockedCounter();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        Future<?> first = pool.submit(page::hit);
        Future<?> second = pool.submit(page::hit);
        first.get();
        second.get();
        pool.shutdown();
        if (page.hits() != 2) {
            throw new AssertionError("hits = " + page.hits() + ", expected 2");
        }
    }
}
