package subjects.ends;

import java.util.concurrent.locks.ReentrantLock;

/**
 * A worker fails while it holds a lock it never unlocks; when it takes the lock first, main then
 * waits for the lock for ever: an exception and a deadlock in one run.
 */
public class LockHeldByFailedThread {
    static final ReentrantLock LOCK = new ReentrantLock();

    public static void main(String[] args) throws InterruptedException {
        Thread worker = new Thread(() -> {
            LOCK.lock();
            throw new IllegalStateException("failed holding the lock");
        });
        worker.start();
        LOCK.lock();
        LOCK.unlock();
        worker.join();
    }
}
