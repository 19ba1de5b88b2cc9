package examples.juc;

import java.util.concurrent.PriorityBlockingQueue;

/** A producer puts 3 then 1 into a PriorityBlockingQueue; the consumer's two takes get both, whatever came first. */
public class PriorityBlockingQueueTakes {
    public static void main(String[] args) throws InterruptedException {
        PriorityBlockingQueue<Integer> queue = new PriorityBlockingQueue<>();
        Thread producer = new Thread(() -> {
            queue.put(3);
            queue.put(1);
        });
        producer.start();
        int sum = queue.take() + queue.take();
        producer.join();
        if (sum != 4 || !queue.isEmpty()) {
            throw new AssertionError("took " + sum + ", left " + queue);
        }
    }
}
