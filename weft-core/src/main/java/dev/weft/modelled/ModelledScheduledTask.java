package dev.weft.modelled;

import java.util.concurrent.Callable;
import java.util.concurrent.Delayed;
import java.util.concurrent.RunnableScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * A task of {@link ModelledScheduledThreadPoolExecutor}: a {@link ModelledFutureTask} with the time it
 * is due (a {@code System.nanoTime} value of the run's logical clock) and, if periodic, its period
 * (positive: at a fixed rate; negative: with a fixed delay after each run).
 */
final class ModelledScheduledTask<V> extends ModelledFutureTask<V> implements RunnableScheduledFuture<V> {
    final long sequence;
    final long period;
    /** When the task is next due. Written under its pool's monitor only. */
    long due;
    /** The next task of the pool's queue. Written under its pool's monitor only. */
    ModelledScheduledTask<?> next;
    /** How many times a periodic task has run. Written by its pool's workers under the pool's monitor only. */
    int runs;

    ModelledScheduledTask(Callable<V> callable, long due, long period, long sequence) {
        super(callable);
        this.due = due;
        this.period = period;
        this.sequence = sequence;
    }

    @Override
    public boolean isPeriodic() {
        return period != 0;
    }

    @Override
    public long getDelay(TimeUnit unit) {
        return unit.convert(due - System.nanoTime(), TimeUnit.NANOSECONDS);
    }

    /** Earlier due first, then earlier scheduled, as the JDK's. */
    @Override
    public int compareTo(Delayed other) {
        if (other instanceof ModelledScheduledTask<?> task) {
            return this == task ? 0 : before(task) ? -1 : 1;
        }
        return Long.compare(getDelay(TimeUnit.NANOSECONDS), other.getDelay(TimeUnit.NANOSECONDS));
    }

    /** Due before {@code other} is (ties by the order they were scheduled). */
    boolean before(ModelledScheduledTask<?> other) {
        return due != other.due ? due < other.due : sequence < other.sequence;
    }
}
