package examples.jdk;

import java.util.concurrent.ConcurrentLinkedQueue;

/** The consumer polls once, assuming the producer came first: it can find the queue empty. */
public class ConcurrentQueueEmptyPoll {
    public static void main(String[] args) throws InterruptedException {
        ConcurrentLinkedQueue<Integer> queue = new ConcurrentLinkedQueue<>();
        TwoThreads.run(() -> queue.offer(3), () -> {
            Integer item = queue.poll();
            if (item == null) {
                throw new AssertionError("the queue was empty");
            }
        });
    }
}
