package examples.juc;

import java.util.concurrent.SynchronousQueue;

/** A value handed through a SynchronousQueue: put waits for the take, and the taker sees the value. */
public class SynchronousQueueHandoff {
    public static void main(String[] args) throws InterruptedException {
        SynchronousQueue<String> queue = new SynchronousQueue<>();
        Thread producer = new Thread(() -> {
            try {
                queue.put("hello");
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        producer.start();
        String got = queue.take();
        producer.join();
        if (!got.equals("hello")) {
            throw new AssertionError(got);
        }
    }
}
