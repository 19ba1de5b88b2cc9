package examples.oracle;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Two tasks on a fixed pool write the same field; the last writer varies. Correct. */
public class PoolTasksRace {
    static volatile int last;

    public static void main(String[] args) throws InterruptedException, ExecutionException {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        Future<?> one = pool.submit(() -> write(1));
        Future<?> two = pool.submit(() -> write(2));
        one.get();
        two.get();
        pool.shutdown();
    }

    static void write(int id) {
        Noise.point();
        last = id;
    }
}
