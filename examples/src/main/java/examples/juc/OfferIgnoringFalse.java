package examples.juc;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/** The producer offers two items to a queue of capacity one and ignores offer's false: an item is lost when the queue is full. */
public class OfferIgnoringFalse {
    public static void main(String[] args) throws InterruptedException {
        BlockingQueue<Integer> queue = new ArrayBlockingQueue<>(1);
        Thread producer = new Thread(() -> {
            queue.offer(1);
            queue.offer(2);
        });
        producer.start();
        int taken = queue.take();
        producer.join();
        int left = queue.size();
        if (taken + left != 2) {
            throw new AssertionError("an offered item was dropped: took " + taken + ", " + left + " left");
        }
    }
}
