package examples.juc;

import examples.jdk.TwoThreads;
import java.util.concurrent.locks.AbstractQueuedSynchronizer;
import java.util.concurrent.locks.Condition;

/**
 * The program's own mutex on AbstractQueuedSynchronizer, as its javadoc sketches one (state 0 free, 1 held; acquire by a
 * compare-and-set, release by setting 0), guards an increment of two threads: both increments arrive.
 */
public class AqsMutexCounter {
    public static class Mutex extends AbstractQueuedSynchronizer {
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
            setState(0);
            return true;
        }

        @Override
        protected boolean isHeldExclusively() {
            return getState() == 1;
        }

        /** A condition of this mutex, as the javadoc's {@code Mutex} makes one (the AqsCondition programs). */
        public Condition newCondition() {
            return new ConditionObject();
        }
    }

    private static int count;

    public static void main(String[] args) throws InterruptedException {
        incrementTwice(new Mutex());
    }

    static void incrementTwice(Mutex mutex) throws InterruptedException {
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
