package examples.juc;

import java.util.concurrent.TimeUnit;

/**
 * The consumer of the one-slot buffer {@link AqsSlot} waits a second for the item and ignores what the timed
 * {@code await} answers: when the wait times out before the producer fills the slot, it takes nothing.
 */
public class AqsConditionTimeoutAssumedSignalled {
    public static void main(String[] args) throws InterruptedException {
        AqsSlot slot = new AqsSlot();
        String[] taken = new String[1];
        Thread consumer = new Thread(() -> {
            slot.mutex.acquire(1);
            try {
                if (slot.item == null) {
                    slot.filled.await(1, TimeUnit.SECONDS);
                }
                taken[0] = slot.item;
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            } finally {
                slot.mutex.release(1);
            }
        });
        consumer.start();
        slot.fill("item");
        consumer.join();
        if (taken[0] == null) {
            throw new AssertionError("the consumer's wait timed out and it took nothing");
        }
    }
}
