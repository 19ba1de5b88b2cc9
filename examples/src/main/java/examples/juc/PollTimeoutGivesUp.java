package examples.juc;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A consumer polls with a timeout and takes "no item yet" for "no item ever": when the producer is slower than the
 * timeout, the consumer gives up and the item is never processed.
 */
public class PollTimeoutGivesUp {
    public static void main(String[] args) throws InterruptedException {
        BlockingQueue<String> queue = new ArrayBlockingQueue<>(1);
        String[] processed = new String[1];
        Thread consumer = new Thread(() -> {
            try {
                processed[0] = queue.poll(10, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        consumer.start();
        queue.put("job");
        consumer.join();
        if (!"job".equals(processed[0])) {
            throw new AssertionError("the job was not processed");
        }
    }
}
