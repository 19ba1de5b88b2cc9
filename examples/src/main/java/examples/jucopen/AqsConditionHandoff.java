package examples.jucopen;

import examples.juc.AqsSlot;

/**
 * A one-slot buffer on the program's own AbstractQueuedSynchronizer mutex and a condition it makes ({@code new
 * ConditionObject()}, {@link AqsSlot}): the consumer awaits in a loop while the slot is empty, the producer fills it and
 * signals under the mutex. The consumer always gets the item. Open for its cost: the JDK's lock code makes it thousands
 * of runs, more than the catalogue's budget (docs/jdk.md).
 */
public class AqsConditionHandoff {
    public static void main(String[] args) throws InterruptedException {
        AqsSlot slot = new AqsSlot();
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
