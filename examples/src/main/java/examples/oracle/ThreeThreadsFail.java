package examples.oracle;

import java.util.concurrent.atomic.AtomicInteger;

/** Three workers fail with a different exception each, chosen by the ticket each draws; the first failure varies. */
public class ThreeThreadsFail {
    public static void main(String[] args) throws InterruptedException {
        AtomicInteger tickets = new AtomicInteger();
        Thread[] workers = new Thread[3];
        for (int i = 0; i < workers.length; i++) {
            workers[i] = new Thread(() -> fail(tickets.getAndIncrement()));
            workers[i].start();
        }
        for (Thread worker : workers) {
            worker.join();
        }
    }

    static void fail(int ticket) {
        Noise.point();
        if (ticket == 0) {
            throw new IllegalStateException("first ticket");
        }
        if (ticket == 1) {
            throw new IllegalArgumentException("second ticket");
        }
        throw new UnsupportedOperationException("third ticket");
    }
}
