package examples.juc;

import java.util.concurrent.locks.Condition;

/**
 * The consumer of {@link AqsConditionHandoff}'s one-slot buffer checks the slot before it takes the mutex, then awaits:
 * when the producer fills the slot and signals between the check and the await, the signal finds no waiter and the
 * consumer waits for ever (a lost signal).
 */
public class AqsConditionLostSignal {
    private static final AqsConditionHandoff.Mutex mutex = new AqsConditionHandoff.Mutex();
    private static final Condition filled = mutex.newCondition();
    private static String slot;

    public static void main(String[] args) throws InterruptedException {
        Thread consumer = new Thread(() -> {
            if (slot == null) {
                mutex.acquire(1);
                try {
                    filled.awaitUninterruptibly();
                } finally {
                    mutex.release(1);
                }
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
    }
}
