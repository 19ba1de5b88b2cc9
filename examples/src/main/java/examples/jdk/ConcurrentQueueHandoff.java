package examples.jdk;

import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * A producer writes a plain field, then offers to a ConcurrentLinkedQueue; the consumer polls until
 * it gets the item, then reads the field. The queue's offer and poll synchronize, so the field is
 * handed over without a data race, and the consumer always sees it.
 */
public class ConcurrentQueueHandoff {
    private static int payload;

    public static void main(String[] args) throws InterruptedException {
        ConcurrentLinkedQueue<Integer> queue = new ConcurrentLinkedQueue<>();
        int[] seen = new int[1];
        TwoThreads.run(() -> {
            payload = 42;
            queue.offer(1);
        }, () -> {
            while (queue.poll() == null) {
                Thread.yield();
            }
            seen[0] = payload;
        });
        if (seen[0] != 42) {
            throw new AssertionError("consumer saw " + seen[0]);
        }
    }
}
