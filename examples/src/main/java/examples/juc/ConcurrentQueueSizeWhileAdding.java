package examples.juc;

import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * size() on a ConcurrentLinkedQueue walks the nodes while another thread takes A and then adds B: it is not a snapshot.
 * The queue never holds more than one element, yet the walk can count A, and then B behind it, and return 2.
 */
public class ConcurrentQueueSizeWhileAdding {
    public static void main(String[] args) throws InterruptedException {
        ConcurrentLinkedQueue<String> queue = new ConcurrentLinkedQueue<>();
        queue.add("A");
        Thread mover = new Thread(() -> {
            queue.poll();
            queue.add("B");
        });
        mover.start();
        int size = queue.size();
        mover.join();
        if (size > 1) {
            throw new AssertionError("size() saw " + size + " elements in a queue that never held more than one");
        }
    }
}
