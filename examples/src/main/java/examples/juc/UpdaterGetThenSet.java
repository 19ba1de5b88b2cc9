package examples.juc;

import examples.jdk.TwoThreads;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;

/** An AtomicIntegerFieldUpdater used as get then set, two calls where one atomic call was needed: an increment is lost. */
public class UpdaterGetThenSet {
    private static final AtomicIntegerFieldUpdater<UpdaterGetThenSet> COUNT =
            AtomicIntegerFieldUpdater.newUpdater(UpdaterGetThenSet.class, "count");
    volatile int count;

    public static void main(String[] args) throws InterruptedException {
        UpdaterGetThenSet counter = new UpdaterGetThenSet();
        Runnable increment = () -> COUNT.set(counter, COUNT.get(counter) + 1);
        TwoThreads.run(increment, increment);
        if (counter.count != 2) {
            throw new AssertionError("lost an increment: " + counter.count);
        }
    }
}
