package examples.juc;

import examples.jdk.TwoThreads;
import java.util.concurrent.locks.AbstractQueuedSynchronizer;

/**
 * The program's own mutex on AbstractQueuedSynchronizer whose tryRelease forgets to set the state back to 0: the thread
 * that acquires second waits for ever.
 */
public class AqsMutexReleaseForgetsState {
    static final class Mutex extends AbstractQueuedSynchronizer {
        @Override
        protected boolean tryAcquire(int ignored) {
            if (compareAndSetState(0, 1)) {
                setExclusiveOwnerThread(Thread.currentThread());
                return true;
            }
            return false;
        }

        @Override
        protected boolean tryRelease(int ignored) {
            if (getState() == 0) {
                throw new IllegalMonitorStateException();
            }
            setExclusiveOwnerThread(null);
            return true; // forgets setState(0): the mutex stays held
        }

        @Override
        protected boolean isHeldExclusively() {
            return getState() == 1;
        }
    }

    private static int count;

    public static void main(String[] args) throws InterruptedException {
        Mutex mutex = new Mutex();
        Runnable increment = () -> {
            mutex.acquire(1);
            try {
                count++;
            } finally {
                mutex.release(1);
            }
        };
        TwoThreads.run(increment, increment);
        if (count != 2) {
            throw new AssertionError("lost an increment: " + count);
        }
    }
}
