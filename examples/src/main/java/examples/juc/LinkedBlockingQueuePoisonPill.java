package examples.juc;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

/** A consumer takes items until a poison pill; the producer's items all arrive, in order. */
public class LinkedBlockingQueuePoisonPill {
    private static final int PILL = -1;

    public static void main(String[] args) throws InterruptedException {
        BlockingQueue<Integer> queue = new LinkedBlockingQueue<>();
        int[] seen = new int[1];
        Thread consumer = new Thread(() -> {
            try {
                for (int item = queue.take(); item != PILL; item = queue.take()) {
                    seen[0] = seen[0] * 10 + item;
                }
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        consumer.start();
        queue.put(1);
        queue.put(2);
        queue.put(PILL);
        consumer.join();
        if (seen[0] != 12) {
            throw new AssertionError("consumed " + seen[0]);
        }
    }
}
