package examples.juc;

import java.util.concurrent.LinkedTransferQueue;

/**
 * tryTransfer hands the item over only to a consumer already waiting, and returns false (keeping nothing) otherwise;
 * the producer ignores false, and the consumer waits in take for ever.
 */
public class TryTransferIgnoringFalse {
    public static void main(String[] args) throws InterruptedException {
        LinkedTransferQueue<Integer> queue = new LinkedTransferQueue<>();
        Thread consumer = new Thread(() -> {
            try {
                queue.take();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        consumer.start();
        queue.tryTransfer(7);
        consumer.join();
    }
}
