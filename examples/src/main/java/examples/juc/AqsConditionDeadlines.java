package examples.juc;

import java.util.Date;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.AbstractQueuedSynchronizer.ConditionObject;

/**
 * One thread waits on a condition of the program's own AbstractQueuedSynchronizer ({@link AqsMutexCounter.Mutex})
 * that nobody signals: each timed wait ends by its time running out ({@code awaitNanos}, {@code await} with a unit,
 * {@code awaitUntil} a date), and a wait the thread enters interrupted throws; the synchronizer's queries see no waiter.
 * Each call returns what its javadoc says.
 */
public class AqsConditionDeadlines {
    public static void main(String[] args) throws InterruptedException {
        AqsMutexCounter.Mutex mutex = new AqsMutexCounter.Mutex();
        // declared as the JDK's class: its calls are the same as through the Condition interface
        ConditionObject never = (ConditionObject) mutex.newCondition();
        mutex.acquire(1);
        try {
            check(!mutex.hasWaiters(never) && mutex.getWaitQueueLength(never) == 0 && mutex.getWaitingThreads(never).isEmpty(),
                    "a waiter on a condition nobody waits on");
            check(never.awaitNanos(1_000_000) <= 0, "awaitNanos returned time left");
            check(!never.await(2, TimeUnit.MILLISECONDS), "await(2 ms) said it was signalled");
            check(!never.awaitUntil(new Date(System.currentTimeMillis() + 5)), "awaitUntil said it was signalled");
            Thread.currentThread().interrupt();
            try {
                never.await();
                throw new AssertionError("await returned although the thread was interrupted");
            } catch (InterruptedException expected) {
                check(mutex.isHeldExclusively(), "await threw without re-acquiring the mutex");
            }
        } finally {
            mutex.release(1);
        }
    }

    private static void check(boolean holds, String failure) {
        if (!holds) {
            throw new AssertionError(failure);
        }
    }
}
