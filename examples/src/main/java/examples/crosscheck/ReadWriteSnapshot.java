package examples.crosscheck;

import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * ReentrantReadWriteLock: a writer updates two fields under the write lock and two readers sum
 * them under the read lock; each reader sees both updates or neither (sum 0 or 2, never 1).
 */
public class ReadWriteSnapshot {
    private static final ReentrantReadWriteLock LOCK = new ReentrantReadWriteLock();
    static int a;
    static int b;
    static final int[] sums = new int[2];

    public static void main(String[] args) throws InterruptedException {
        Thread writer = new Thread(() -> {
            LOCK.writeLock().lock();
            try {
                a = 1;
                b = 1;
            } finally {
                LOCK.writeLock().unlock();
            }
        });
        Thread firstReader = new Thread(() -> readSum(0));
        Thread secondReader = new Thread(() -> readSum(1));
        writer.start();
        firstReader.start();
        secondReader.start();
        writer.join();
        firstReader.join();
        secondReader.join();
    }

    static void readSum(int reader) {
        LOCK.readLock().lock();
        try {
            sums[reader] = a + b;
        } finally {
            LOCK.readLock().unlock();
        }
    }
}
