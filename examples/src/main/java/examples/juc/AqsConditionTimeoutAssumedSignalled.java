package examples.juc;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;

/**
 * The consumer of {@link AqsConditionHandoff}'s one-slot buffer waits a second for the item and ignores what the timed
 * {@code await} answers: when the wait times out before the producer fills the slot, it takes nothing.
 */
public class AqsConditionTimeoutAssumedSignalled {
    private static final AqsConditionHandoff.Mutex mutex = new AqsConditionHandoff.Mutex();
    private static final Condition filled = mutex.newCondition();
    private static String slot;

    public static void main(String[] args) throws InterruptedException {
        String[] taken = new String[1];
        Thread consumer = new Thread(() -> {
            mutex.acquire(1);
            try {
                if (slot == null) {
                    filled.await(1, TimeUnit.SECONDS);
                }
                taken[0] = slot;
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
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
        if (taken[0] == null) {
            throw new AssertionError("the consumer's wait timed out and it took nothing");
        }
    }
}
