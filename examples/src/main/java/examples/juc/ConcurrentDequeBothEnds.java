package examples.juc;

import examples.jdk.TwoThreads;
import java.util.Deque;
import java.util.concurrent.ConcurrentLinkedDeque;

/** Two threads add at the two ends of a ConcurrentLinkedDeque: both elements are there. */
public class ConcurrentDequeBothEnds {
    public static void main(String[] args) throws InterruptedException {
        Deque<Integer> deque = new ConcurrentLinkedDeque<>();
        TwoThreads.run(() -> deque.addFirst(1), () -> deque.addLast(2));
        if (deque.size() != 2) {
            throw new AssertionError("lost an element: " + deque);
        }
    }
}
