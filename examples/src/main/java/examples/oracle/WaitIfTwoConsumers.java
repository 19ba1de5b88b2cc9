package examples.oracle;

/**
 * Wait without a loop, exposed without any spurious wake-up: two consumers wait with {@code if},
 * the producer adds one item and wakes both, and the second takes an item that is not there.
 */
public class WaitIfTwoConsumers {
    private static final Object LOCK = new Object();
    static int items;

    public static void main(String[] args) throws InterruptedException {
        Thread one = new Thread(WaitIfTwoConsumers::take);
        Thread two = new Thread(WaitIfTwoConsumers::take);
        one.start();
        two.start();
        Noise.point();
        synchronized (LOCK) {
            items = items + 1;
            LOCK.notifyAll();
        }
        Noise.point();
        synchronized (LOCK) {
            items = items + 1;
            LOCK.notifyAll();
        }
        one.join();
        two.join();
    }

    static void take() {
        synchronized (LOCK) {
            if (items == 0) {
                Waits.on(LOCK);
            }
            items = items - 1;
            if (items < 0) {
                throw new AssertionError("took an item that was not there");
            }
        }
    }
}
