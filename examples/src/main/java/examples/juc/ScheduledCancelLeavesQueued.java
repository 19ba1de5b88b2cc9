package examples.juc;

import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Cancels a delayed task and takes the scheduled pool's queue for empty: by default the JDK leaves a
 * cancelled task in the queue until it is due (setRemoveOnCancelPolicy is false), so the queue still
 * holds it.
 */
public class ScheduledCancelLeavesQueued {
    public static void main(String[] args) {
        ScheduledThreadPoolExecutor pool = new ScheduledThreadPoolExecutor(1);
        ScheduledFuture<?> reminder = pool.schedule(() -> { }, 1, TimeUnit.HOURS);
        boolean cancelled = reminder.cancel(false);
        int waiting = pool.getQueue().size();
        pool.shutdownNow();
        if (cancelled && waiting != 0) {
            throw new AssertionError("a cancelled task still waits in the queue");
        }
    }
}
