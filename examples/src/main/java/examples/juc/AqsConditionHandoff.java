package examples.juc;

import java.util.concurrent.locks.AbstractQueuedSynchronizer;
import java.util.concurrent.locks.Condition;

/**
 * A one-slot buffer on the program's own AbstractQueuedSynchronizer mutex and a condition it makes
 * ({@code new ConditionObject()}, as the javadoc's {@code Mutex} does): the consumer awaits in a loop while the slot is
 * empty, the producer fills it and signals under the mutex. The consumer always gets the item.
 */
public class AqsConditionHandoff {
    static class Mutex extends AbstractQueuedSynchronizer {
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
            setExclusiveOwnerThread(null);
            setState(0);
            return true;
        }

        @Override
        protected boolean isHeldExclusively() {
            return getState() == 1 && getExclusiveOwnerThread() == Thread.currentThread();
        }

        Condition newCondition() {
            return new ConditionObject();
        }
    }

    private static final Mutex mutex = new Mutex();
    private static final Condition filled = mutex.newCondition();
    private static String slot;

    public static void main(String[] args) throws InterruptedException {
        String[] taken = new String[1];
        Thread consumer = new Thread(() -> {
            mutex.acquire(1);
            try {
                while (slot == null) {
                    filled.awaitUninterruptibly();
                }
                taken[0] = slot;
            } finally {
                mutex.release(1);
            }
        });
        consumer.start();
        mutex.acquire(1);
        try {
            slot = "item";
            filled.signal();
        } finally {
            mutex.release(1);
        }
        consumer.join();
        if (!"item".equals(taken[0])) {
            throw new AssertionError("the consumer took " + taken[0]);
        }
    }
}
