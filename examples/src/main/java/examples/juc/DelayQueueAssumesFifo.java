package examples.juc;

import java.util.concurrent.DelayQueue;

/**
 * A consumer takes from a DelayQueue as if it were first in, first out: the producer puts a slow job and then a quick
 * one, and the quick one's delay runs out first, so the consumer usually gets it first.
 */
public class DelayQueueAssumesFifo {
    public static void main(String[] args) throws InterruptedException {
        DelayQueue<DelayedJob> queue = new DelayQueue<>();
        Thread producer = new Thread(() -> {
            queue.put(new DelayedJob("slow", 20));
            queue.put(new DelayedJob("quick", 5));
        });
        producer.start();
        DelayedJob taken = queue.take();
        producer.join();
        if (!taken.name.equals("slow")) {
            throw new AssertionError("took " + taken.name + " before the job put first");
        }
    }
}
