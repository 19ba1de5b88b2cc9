package subjects.ends;

import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A worker waits on a condition, and fails holding the lock its wake-up re-acquired; main, when it
 * locks again after the worker woke, then waits for the lock for ever.
 */
public class WaiterFailsHoldingLock {
    static final ReentrantLock LOCK = new ReentrantLock();
    static final Condition READY = LOCK.newCondition();
    static boolean ready;

    public static void main(String[] args) throws InterruptedException {
        Thread worker = new Thread(() -> {
            LOCK.lock();
            while (!ready) {
                READY.awaitUninterruptibly();
            }
            throw new IllegalStateException("failed holding the lock");
        });
        worker.start();
        LOCK.lock();
        ready = true;
        READY.signal();
        LOCK.unlock();
        LOCK.lock();
        LOCK.unlock();
        worker.join();
    }
}
