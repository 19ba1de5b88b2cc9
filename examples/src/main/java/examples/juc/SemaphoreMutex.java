package examples.juc;

import examples.jdk.TwoThreads;
import java.util.concurrent.Semaphore;

/** Two threads increment a counter, each holding the one permit of a Semaphore: no increment is lost. */
public class SemaphoreMutex {
    private static int count;

    public static void main(String[] args) throws InterruptedException {
        Semaphore mutex = new Semaphore(1);
        TwoThreads.run(() -> increment(mutex), () -> increment(mutex));
        if (count != 2) {
            throw new AssertionError("lost an increment: " + count);
        }
    }

    private static void increment(Semaphore mutex) {
        mutex.acquireUninterruptibly();
        try {
            count++;
        } finally {
            mutex.release();
        }
    }
}
