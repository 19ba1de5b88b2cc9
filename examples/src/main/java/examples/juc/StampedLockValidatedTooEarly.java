package examples.juc;

import java.util.concurrent.locks.StampedLock;

/** An optimistic read validates its stamp before reading the second field: a write in between goes unnoticed. */
public class StampedLockValidatedTooEarly {
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
        if (!lock.validate(stamp)) {
            a = -1;
        }
        int b = y;
        writer.join();
        if (a != -1 && a != b) {
            throw new AssertionError("saw x=" + a + " with y=" + b);
        }
    }
}
