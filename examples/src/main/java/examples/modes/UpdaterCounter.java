package examples.modes;

import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;

/** A counter incremented by an AtomicIntegerFieldUpdater in two threads: no increment is lost. */
public class UpdaterCounter {
    private static final AtomicIntegerFieldUpdater<UpdaterCounter> COUNT =
            AtomicIntegerFieldUpdater.newUpdater(UpdaterCounter.class, "count");

    volatile int count;

    public static void main(String[] args) throws InterruptedException {
        UpdaterCounter counter = new UpdaterCounter();
        Thread a = new Thread(() -> COUNT.incrementAndGet(counter));
        Thread b = new Thread(() -> COUNT.getAndAdd(counter, 1));
        a.start();
        b.start();
        a.join();
        b.join();
        if (COUNT.get(counter) != 2) {
            throw new AssertionError("lost an increment: " + counter.count);
        }
    }
}
