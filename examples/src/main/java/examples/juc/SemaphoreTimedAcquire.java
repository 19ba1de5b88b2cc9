package examples.juc;

import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;

/**
 * A worker waits at most 5 ms for a permit and then works anyway, as if it had one: when main holds the permit longer,
 * both are in the critical section and an increment is lost.
 */
public class SemaphoreTimedAcquire {
    private static int counter;

    public static void main(String[] args) throws InterruptedException {
        Semaphore mutex = new Semaphore(1);
        Thread worker = new Thread(() -> {
            try {
                boolean acquired = mutex.tryAcquire(5, TimeUnit.MILLISECONDS);
                counter++;
                if (acquired) {
                    mutex.release();
                }
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        worker.start();
        mutex.acquire();
        counter++;
        mutex.release();
        worker.join();
        if (counter != 2) {
            throw new AssertionError("counter = " + counter);
        }
    }
}
