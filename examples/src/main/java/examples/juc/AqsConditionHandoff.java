package examples.juc;

import java.util.concurrent.locks.Condition;

/**
 * A one-slot buffer on the program's own AbstractQueuedSynchronizer mutex ({@link AqsMutexCounter.Mutex}) and a condition
 * it makes ({@code new ConditionObject()}): the consumer awaits in a loop while the slot is empty, the producer fills it
 * and signals under the mutex. The consumer always gets the item. (Not catalogued: the JDK's lock code makes it cost
 * thousands of runs, docs/jdk.md.)
 */
public class AqsConditionHandoff {
    /** The slot, its mutex and the condition "filled". */
    static final class Slot {
        final AqsMutexCounter.Mutex mutex = new AqsMutexCounter.Mutex();
        final Condition filled = mutex.newCondition();
        String item;

        /** Puts {@code value} into the slot and signals, under the mutex. */
        void fill(String value) {
            mutex.acquire(1);
            try {
                item = value;
                filled.signal();
            } finally {
                mutex.release(1);
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Slot slot = new Slot();
        String[] taken = new String[1];
        Thread consumer = new Thread(() -> {
            slot.mutex.acquire(1);
            try {
                while (slot.item == null) {
                    slot.filled.awaitUninterruptibly();
                }
                taken[0] = slot.item;
            } finally {
                slot.mutex.release(1);
            }
        });
        consumer.start();
        slot.fill("item");
        consumer.join();
        if (!"item".equals(taken[0])) {
            throw new AssertionError("the consumer took " + taken[0]);
        }
    }
}
