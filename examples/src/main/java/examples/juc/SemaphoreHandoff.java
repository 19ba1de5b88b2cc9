package examples.juc;

import java.util.concurrent.Semaphore;

/** A worker publishes a value and releases a permit; main acquires it before reading: it always sees the value. */
public class SemaphoreHandoff {
    private static int value;

    public static void main(String[] args) throws InterruptedException {
        Semaphore ready = new Semaphore(0);
        Thread worker = new Thread(() -> {
            value = 42;
            ready.release();
        });
        worker.start();
        ready.acquire();
        if (value != 42) {
            throw new AssertionError("read before the handoff: " + value);
        }
        worker.join();
    }
}
