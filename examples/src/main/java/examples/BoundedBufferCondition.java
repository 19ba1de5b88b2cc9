package examples;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A one-slot buffer guarded by a ReentrantLock with "not full" and "not empty" conditions. The
 * consumer receives both items in order whatever the interleaving. Correct under every model.
 */
public class BoundedBufferCondition {
    static final class OneSlotBuffer {
        private final ReentrantLock lock = new ReentrantLock();
        private final Condition notFull = lock.newCondition();
        private final Condition notEmpty = lock.newCondition();
        private boolean full;
        private int item;

        void put(int value) throws InterruptedException {
            lock.lock();
            try {
                while (full) {
                    notFull.await();
                }
                item = value;
                full = true;
                notEmpty.signal();
            } finally {
                lock.unlock();
            }
        }

        int take() throws InterruptedException {
            lock.lock();
            try {
                while (!full) {
                    notEmpty.await();
                }
                full = false;
                notFull.signal();
                return item;
            } finally {
                lock.unlock();
            }
        }
    }

    static int received;

    public static void main(String[] args) throws InterruptedException {
        OneSlotBuffer buffer = new OneSlotBuffer();
        Thread producer = new Thread(() -> {
            try {
                buffer.put(1);
                buffer.put(2);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        Thread consumer = new Thread(() -> {
            try {
                received = buffer.take() * 10 + buffer.take();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        producer.start();
        consumer.start();
        producer.join();
        consumer.join();
        if (received != 12) {
            throw new AssertionError("items received as " + received + ", expected 12");
        }
    }
}
