package examples.juc;

import java.util.concurrent.locks.Condition;

/**
 * A one-slot buffer on the program's own AbstractQueuedSynchronizer mutex ({@link AqsMutexCounter.Mutex}) and a condition
 * it makes ({@code new ConditionObject()}), "filled": the AqsCondition programs' shared part (public for
 * examples.jucopen.AqsConditionHandoff).
 */
public final class AqsSlot {
    public final AqsMutexCounter.Mutex mutex = new AqsMutexCounter.Mutex();
    public final Condition filled = mutex.newCondition();
    public String item;

    /** Puts {@code value} into the slot and signals, under the mutex. */
    public void fill(String value) {
        mutex.acquire(1);
        try {
            item = value;
            filled.signal();
        } finally {
            mutex.release(1);
        }
    }
}
