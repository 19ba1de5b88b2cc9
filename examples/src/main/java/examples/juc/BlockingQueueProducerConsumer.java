package examples.juc;

import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/** A producer puts two items into a queue of capacity one; the consumer takes both: nothing is lost. */
public class BlockingQueueProducerConsumer {
    public static void main(String[] args) throws InterruptedException {
        BlockingQueue<Integer> queue = new ArrayBlockingQueue<>(1);
        Thread producer = new Thread(() -> {
            try {
                queue.put(1);
                queue.put(2);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        producer.start();
        int sum = queue.take() + queue.take();
        producer.join();
        if (sum != 3) {
            throw new AssertionError("took " + sum);
        }
    }
}
