package examples.juc;

import java.util.concurrent.locks.StampedLock;

/** An optimistic read of both fields, validated after both and retried under the read lock: always a consistent pair. */
public class StampedLockOptimisticRead {
    private static int x;
    private static int y;

    public static void main(String[] args) throws InterruptedException {
        StampedLock lock = new StampedLock();
        Thread writer = new Thread(() -> {
            long stamp = lock.writeLock();
            x = 1;
            y = 1;
            lock.unlockWrite(stamp);
        });
        writer.start();
        long stamp = lock.tryOptimisticRead();
        int a = x;
        int b = y;
        if (!lock.validate(stamp)) {
            stamp = lock.readLock();
            a = x;
            b = y;
            lock.unlockRead(stamp);
        }
        writer.join();
        if (a != b) {
            throw new AssertionError("saw x=" + a + " with y=" + b);
        }
    }
}
