package subjects;

import java.util.concurrent.PriorityBlockingQueue;

/** Uses a java.util.concurrent class whose JDK code Weft does not run. */
public class UsesRefusedConcurrency {
    public static void main(String[] args) throws InterruptedException {
        new PriorityBlockingQueue<Integer>().take();
    }
}
