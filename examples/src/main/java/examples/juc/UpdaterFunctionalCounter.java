package examples.juc;

import examples.jdk.TwoThreads;
import java.util.concurrent.atomic.AtomicIntegerFieldUpdater;
import java.util.concurrent.atomic.AtomicLongFieldUpdater;

/**
 * Counters incremented through field updaters' functional methods (getAndUpdate, accumulateAndGet), each one atomic
 * call that retries its function until its compareAndSet succeeds: no increment is lost.
 */
public class UpdaterFunctionalCounter {
    private static final AtomicIntegerFieldUpdater<UpdaterFunctionalCounter> COUNT =
            AtomicIntegerFieldUpdater.newUpdater(UpdaterFunctionalCounter.class, "count");
    private static final AtomicLongFieldUpdater<UpdaterFunctionalCounter> TOTAL =
            AtomicLongFieldUpdater.newUpdater(UpdaterFunctionalCounter.class, "total");
    volatile int count;
    volatile long total;

    public static void main(String[] args) throws InterruptedException {
        UpdaterFunctionalCounter counter = new UpdaterFunctionalCounter();
        TwoThreads.run(() -> {
            COUNT.getAndUpdate(counter, v -> v + 1);
            TOTAL.accumulateAndGet(counter, 10, Long::sum);
        }, () -> {
            COUNT.updateAndGet(counter, v -> v + 1);
            TOTAL.getAndAccumulate(counter, 5, Long::sum);
        });
        if (counter.count != 2 || counter.total != 15) {
            throw new AssertionError("lost an update: count " + counter.count + ", total " + counter.total);
        }
    }
}
