package examples.juc;

import examples.jdk.TwoThreads;
import java.util.concurrent.Semaphore;

/** A Semaphore made with two permits where one was meant: both threads are inside together and an increment is lost. */
public class SemaphoreTwoPermits {
    private static int count;

    public static void main(String[] args) throws InterruptedException {
        Semaphore mutex = new Semaphore(2);
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
