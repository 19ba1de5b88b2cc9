package examples.juc;

import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * Cancels a delayed task and purges the scheduled pool: purge takes cancelled tasks off the queue, and
 * a task that ran already is not there either, so the queue is empty after.
 */
public class ScheduledPurgeAfterCancel {
    public static void main(String[] args) {
        ScheduledThreadPoolExecutor pool = new ScheduledThreadPoolExecutor(1);
        ScheduledFuture<?> reminder = pool.schedule(() -> { }, 1, TimeUnit.HOURS);
        reminder.cancel(false);
        pool.purge();
        int waiting = pool.getQueue().size();
        pool.shutdownNow();
        if (waiting != 0) {
            throw new AssertionError(waiting + " task(s) still wait in the queue");
        }
    }
}
