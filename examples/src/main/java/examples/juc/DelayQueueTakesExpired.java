package examples.juc;

import java.util.concurrent.DelayQueue;
import java.util.concurrent.TimeUnit;

/**
 * Two threads each put a job with a delay into a DelayQueue; the main thread takes both. A take hands out only a job
 * whose delay has run out, and each job once.
 */
public class DelayQueueTakesExpired {
    public static void main(String[] args) throws InterruptedException {
        DelayQueue<DelayedJob> queue = new DelayQueue<>();
        Thread first = new Thread(() -> queue.put(new DelayedJob("first", 10)));
        Thread second = new Thread(() -> queue.put(new DelayedJob("second", 20)));
        first.start();
        second.start();
        DelayedJob one = queue.take();
        DelayedJob other = queue.take();
        if (one.getDelay(TimeUnit.NANOSECONDS) > 0 || other.getDelay(TimeUnit.NANOSECONDS) > 0) {
            throw new AssertionError("took a job before its delay ran out");
        }
        if (one.name.equals(other.name)) {
            throw new AssertionError("took " + one.name + " twice");
        }
        first.join();
        second.join();
    }
}
