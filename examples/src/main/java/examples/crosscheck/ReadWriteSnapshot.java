package examples.crosscheck;

import java.util.concurrent.locks.ReentrantReadWriteLock;

/**
 * ReentrantReadWriteLock: a writer updates two fields under the write lock and two readers sum
 * them under the read lock; each reader sees both updates or neither (sum 0 or 2, never 1).
 */
public class ReadWriteSnapshot {
    static int a;
    static int b;
    static int sumOfFirst;
    static int sumOfSecond;

    public static void main(String[] args) throws InterruptedException {
        ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
        Thread writer = new Thread(() -> {
            lock.writeLock().lock();
            try {
                a = 1;
                b = 1;
            } finally {
                lock.writeLock().unlock();
            }
        });
        Thread firstReader = new Thread(() -> sumOfFirst = sumUnder(lock));
        Thread secondReader = new Thread(() -> sumOfSecond = sumUnder(lock));
        writer.start();
        firstReader.start();
        secondReader.start();
        writer.join();
        firstReader.join();
        secondReader.join();
    }

    static int sumUnder(ReentrantReadWriteLock lock) {
        lock.readLock().lock();
        try {
            return a + b;
        } finally {
            lock.readLock().unlock();
        }
    }
}
