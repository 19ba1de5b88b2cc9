package examples.juc;

import java.util.concurrent.LinkedTransferQueue;

/** transfer returns only once the consumer took the item: the consumer's write before its take is seen after it. */
public class TransferHandsOver {
    private static int consumerReady;

    public static void main(String[] args) throws InterruptedException {
        LinkedTransferQueue<Integer> queue = new LinkedTransferQueue<>();
        Thread consumer = new Thread(() -> {
            consumerReady = 1;
            try {
                queue.take();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        consumer.start();
        queue.transfer(7);
        if (consumerReady != 1) {
            throw new AssertionError("transfer returned before the consumer took the item");
        }
        consumer.join();
    }
}
