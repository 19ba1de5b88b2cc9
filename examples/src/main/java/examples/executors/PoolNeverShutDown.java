package examples.executors;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A pool the program never shuts down, with a task main does not wait for: once that task is done
 * the idle workers are all that is left, which is the end of the run, not a deadlock.
 */
public class PoolNeverShutDown {
    public static void main(String[] args) throws InterruptedException, ExecutionException {
        Tally started = new Tally();
        ExecutorService pool = Executors.newFixedThreadPool(2);
        pool.submit(started::add).get();
        pool.execute(started::add);
    }
}
