package examples.executors;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * shutdown lets queued tasks finish; once awaitTermination says so, every task has run. (It may also
 * time out, as a timed wait can on a slow machine; then nothing is claimed.)
 */
public class PoolShutdownAwait {
    public static void main(String[] args) throws InterruptedException {
        Tally done = new Tally();
        ExecutorService pool = Executors.newFixedThreadPool(1);
        pool.execute(done::add);
        pool.execute(done::add);
        pool.shutdown();
        if (!pool.isShutdown()) {
            throw new AssertionError("not shut down after shutdown()");
        }
        if (pool.awaitTermination(1, TimeUnit.MINUTES) && (done.count() != 2 || !pool.isTerminated())) {
            throw new AssertionError("terminated with " + done.count() + " of 2 tasks done");
        }
    }
}
