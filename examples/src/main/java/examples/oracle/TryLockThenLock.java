package examples.oracle;

import java.util.concurrent.locks.ReentrantLock;

/** tryLock with a fallback to lock(): every increment happens under the lock, so the count is always 2. Correct. */
public class TryLockThenLock {
    static int count;

    public static void main(String[] args) throws InterruptedException {
        ReentrantLock lock = new ReentrantLock();
        Thread one = new Thread(() -> add(lock));
        Thread two = new Thread(() -> add(lock));
        one.start();
        two.start();
        one.join();
        two.join();
        if (count != 2) {
            throw new AssertionError("count " + count);
        }
    }

    static void add(ReentrantLock lock) {
        if (!lock.tryLock()) {
            lock.lock();
        }
        try {
            int seen = count;
            Noise.point();
            count = seen + 1;
        } finally {
            lock.unlock();
        }
    }
}
