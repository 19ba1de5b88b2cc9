package examples.executors;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * shutdown lets queued tasks finish; once awaitTermination says so, every task has run. (It may also
 * time out, as a timed wait can on a slow machine; then nothing is claimed.)
 */
public class PoolShutdownAwait {
    private int done;

    private synchronized void finish() {
        done++;
    }

    private synchronized int done() {
        return done;
    }

    public static void main(String[] args) throws InterruptedException {
        PoolShutdownAwait work = new PoolShutdownAwait();
        ExecutorService pool = Executors.newFixedThreadPool(1);
        pool.execute(work::finish);
        pool.execute(work::finish);
        pool.shutdown();
        if (!pool.isShutdown()) {
            throw new AssertionError("not shut down after shutdown()");
        }
        if (pool.awaitTermination(1, TimeUnit.MINUTES) && (work.done() != 2 || !pool.isTerminated())) {
            throw new AssertionError("terminated with " + work.done() + " of 2 tasks done");
        }
    }
}
