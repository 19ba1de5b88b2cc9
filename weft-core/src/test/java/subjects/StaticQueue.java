package subjects;

import java.util.concurrent.ConcurrentLinkedQueue;

/** A queue made by a class's static initialiser (the JVM runs it at a hook's request) and used by two threads. */
public class StaticQueue {
    static final ConcurrentLinkedQueue<String> QUEUE = new ConcurrentLinkedQueue<>();

    public static void main(String[] args) throws InterruptedException {
        Thread other = new Thread(QUEUE::poll);
        other.start();
        QUEUE.add("a");
        other.join();
    }
}
