package examples.oracle;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/** Condition.awaitNanos without a loop: the consumer goes on after the timeout whether or not the signal came. Correct. */
public class AwaitNanosNoLoop {
    static boolean ready;
    static boolean seen;

    public static void main(String[] args) throws InterruptedException {
        ReentrantLock lock = new ReentrantLock();
        Condition signalled = lock.newCondition();
        Thread consumer = new Thread(() -> {
            lock.lock();
            try {
                if (!ready) {
                    signalled.awaitNanos(TimeUnit.MILLISECONDS.toNanos(1));
                }
                seen = ready;
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
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
