package examples.oracle;

import java.util.concurrent.locks.ReentrantLock;

/**
 * Issue 16, item 1 with a lock: each thread tries the lock twice and gives up when it is taken both
 * times. Whether one gave up varies. Correct.
 */
public class TryLockRetry {
    static boolean firstGaveUp;
    static boolean secondGaveUp;
    static int holders;

    public static void main(String[] args) throws InterruptedException {
        ReentrantLock lock = new ReentrantLock();
        Thread first = new Thread(() -> firstGaveUp = !tryTwice(lock));
        Thread second = new Thread(() -> secondGaveUp = !tryTwice(lock));
        first.start();
        second.start();
        first.join();
        second.join();
    }

    static boolean tryTwice(ReentrantLock lock) {
        for (int attempt = 0; attempt < 2; attempt++) {
            if (lock.tryLock()) {
                try {
                    holders = holders + 1;
                    Noise.point();
                } finally {
                    lock.unlock();
                }
                return true;
            }
        }
        return false;
    }
}
