package examples.juc;

/**
 * The consumer of the one-slot buffer {@link AqsSlot} checks the slot before it takes the mutex, then awaits:
 * when the producer fills the slot and signals between the check and the await, the signal finds no waiter and the
 * consumer waits for ever (a lost signal).
 */
public class AqsConditionLostSignal {
    public static void main(String[] args) throws InterruptedException {
        AqsSlot slot = new AqsSlot();
        Thread consumer = new Thread(() -> {
            if (slot.item == null) {
                slot.mutex.acquire(1);
                try {
                    slot.filled.awaitUninterruptibly();
                } finally {
                    slot.mutex.release(1);
                }
            }
        });
        consumer.start();
        slot.fill("item");
        consumer.join();
    }
}
