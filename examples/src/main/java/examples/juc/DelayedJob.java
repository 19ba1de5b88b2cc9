package examples.juc;

import java.util.concurrent.Delayed;
import java.util.concurrent.TimeUnit;

/** A named job for a DelayQueue, due a number of milliseconds after it was made (on the making thread's clock). */
final class DelayedJob implements Delayed {
    final String name;
    private final long dueNanos;

    DelayedJob(String name, long delayMillis) {
        this.name = name;
        this.dueNanos = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(delayMillis);
    }

    @Override
    public long getDelay(TimeUnit unit) {
        return unit.convert(dueNanos - System.nanoTime(), TimeUnit.NANOSECONDS);
    }

    @Override
    public int compareTo(Delayed other) {
        return Long.compare(dueNanos, ((DelayedJob) other).dueNanos);
    }
}
