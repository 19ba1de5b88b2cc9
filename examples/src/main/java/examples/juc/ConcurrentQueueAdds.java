package examples.juc;

import examples.jdk.TwoThreads;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/** Two threads add to a ConcurrentLinkedQueue at once: both elements are there. */
public class ConcurrentQueueAdds {
    public static void main(String[] args) throws InterruptedException {
        Queue<Integer> queue = new ConcurrentLinkedQueue<>();
        TwoThreads.run(() -> queue.add(1), () -> queue.add(2));
        if (queue.size() != 2) {
            throw new AssertionError("lost an element: " + queue);
        }
    }
}
