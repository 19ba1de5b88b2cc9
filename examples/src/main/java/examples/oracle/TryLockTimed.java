package examples.oracle;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

/** A timed tryLock while main holds the lock: it succeeds or times out. Correct. */
public class TryLockTimed {
    static volatile boolean acquired;

    public static void main(String[] args) throws InterruptedException {
        ReentrantLock lock = new ReentrantLock();
        Thread worker = new Thread(() -> {
            try {
                if (lock.tryLock(1, TimeUnit.MILLISECONDS)) {
                    acquired = true;
                    lock.unlock();
                }
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        lock.lock();
        try {
            worker.start();
            Noise.point();
        } finally {
            lock.unlock();
        }
        worker.join();
    }
}
