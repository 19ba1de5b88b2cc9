package examples.modes;

import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;

/** One thread increments with the field updater, the other with a plain read and write of the field: an increment can be lost. */
public class UpdaterCounterMixed {
    private static final AtomicIntegerFieldUpdater<UpdaterCounterMixed> COUNT =
            AtomicIntegerFieldUpdater.newUpdater(UpdaterCounterMixed.class, "count");

    volatile int count;

    public static void main(String[] args) throws InterruptedException {
        UpdaterCounterMixed counter = new UpdaterCounterMixed();
        Thread a = new Thread(() -> COUNT.incrementAndGet(counter));
        Thread b = new Thread(() -> counter.count = counter.count + 1);
        a.start();
        b.start();
        a.join();
        b.join();
        if (counter.count != 2) {
            throw new AssertionError("lost an increment: " + counter.count);
        }
    }
}
