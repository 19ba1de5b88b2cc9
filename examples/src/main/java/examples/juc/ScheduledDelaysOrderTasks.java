package examples.juc;

import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/** On a one-worker scheduler, a task due earlier runs first: the later one sees its write, and get returns it. */
public class ScheduledDelaysOrderTasks {
    private static int first;

    public static void main(String[] args) throws Exception {
        ScheduledThreadPoolExecutor scheduler = new ScheduledThreadPoolExecutor(1);
        scheduler.schedule(() -> first = 1, 10, TimeUnit.MILLISECONDS);
        ScheduledFuture<Integer> second = scheduler.schedule(() -> first + 1, 20, TimeUnit.MILLISECONDS);
        int seen = second.get();
        scheduler.shutdown();
        if (seen != 2) {
            throw new AssertionError("the later task ran first: " + seen);
        }
    }
}
