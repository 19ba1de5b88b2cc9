package examples.oracle;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Issue 16, item 4: Condition.await without a loop. Only a spurious wake-up (which the Condition
 * contract allows) exposes the bug; plain runs cannot show one.
 */
public class AwaitWithoutLoop {
    static boolean ready;

    public static void main(String[] args) throws InterruptedException {
        ReentrantLock lock = new ReentrantLock();
        Condition signalled = lock.newCondition();
        Thread consumer = new Thread(() -> {
            lock.lock();
            try {
                if (!ready) {
                    signalled.awaitUninterruptibly();
                }
                if (!ready) {
                    throw new AssertionError("woke up without the flag");
                }
            } finally {
                lock.unlock();
            }
        });
        consumer.start();
        Noise.point();
        lock.lock();
        try {
            ready = true;
            signalled.signal();
        } finally {
            lock.unlock();
        }
        consumer.join();
    }
}
