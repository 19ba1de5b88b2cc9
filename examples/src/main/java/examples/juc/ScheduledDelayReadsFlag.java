package examples.juc;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/** Counts on a delay to order a task after main's write of a flag: a delay orders nothing, the task may read it unset. */
public class ScheduledDelayReadsFlag {
    private static boolean ready;

    public static void main(String[] args) throws InterruptedException, ExecutionException {
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
        ScheduledFuture<Boolean> seen = scheduler.schedule(() -> ready, 1, TimeUnit.MILLISECONDS);
        ready = true;
        boolean wasReady = seen.get();
        scheduler.shutdown();
        if (!wasReady) {
            throw new AssertionError("the delayed task ran before main set the flag");
        }
    }
}
