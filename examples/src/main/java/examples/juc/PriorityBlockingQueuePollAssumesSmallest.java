package examples.juc;

import java.util.concurrent.PriorityBlockingQueue;

/**
 * A consumer takes one element and assumes it is the smallest the producer puts: the take may run between the two puts
 * and get the larger one.
 */
public class PriorityBlockingQueuePollAssumesSmallest {
    public static void main(String[] args) throws InterruptedException {
        PriorityBlockingQueue<Integer> queue = new PriorityBlockingQueue<>();
        Thread producer = new Thread(() -> {
            queue.put(3);
            queue.put(1);
        });
        producer.start();
        int first = queue.take();
        producer.join();
        if (first != 1) {
            throw new AssertionError("took " + first + " before 1 was put");
        }
    }
}
