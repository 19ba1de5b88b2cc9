package examples.jucopen;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/** A consumer polls with a timeout and polls again while nothing came: the job is always processed. */
public class PollTimeoutRetries {
    public static void main(String[] args) throws InterruptedException {
        BlockingQueue<String> queue = new ArrayBlockingQueue<>(1);
        String[] processed = new String[1];
        Thread consumer = new Thread(() -> {
            try {
                String job = null;
                while (job == null) {
                    job = queue.poll(10, TimeUnit.MILLISECONDS);
                }
                processed[0] = job;
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
