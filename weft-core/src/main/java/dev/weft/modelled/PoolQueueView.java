package dev.weft.modelled;

import dev.weft.runtime.hooks.Hooks;
import java.util.AbstractQueue;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A modelled pool's work queue as {@code getQueue()} hands it to the program: each call is one step
 * under the pool's monitor, on the tasks the pool itself takes from, so what the program sees and
 * changes is what the workers see. The calls that block ({@code put}, {@code take}, the timed
 * {@code offer} and {@code poll}) and iteration (a JDK queue's iterator is weakly consistent, a
 * behaviour this view would not cover) stop the run as unsupported, named.
 */
final class PoolQueueView extends AbstractQueue<Runnable> implements BlockingQueue<Runnable> {
    /** What a pool's queue offers this view; each method is called holding the pool's monitor. */
    interface Tasks {
        /** The waiting tasks the JDK's queue would show, in its order. */
        List<Runnable> visible();

        /** The first waiting task the JDK's {@code poll()} would hand out, taken off; null if none. */
        Runnable pollReady();

        boolean unlink(Object task);

        int remainingCapacity();

        /** Adds {@code task} as the JDK's {@code offer} on the pool's queue does; false when full. */
        boolean offer(Runnable task);

        /** Whether {@link #visible()}'s order is the JDK's {@code toArray} order (a scheduled pool's heap has an order of its own). */
        default boolean arrayInJdkOrder() {
            return true;
        }

        /** The pool's class, for the messages of calls this view does not model. */
        String kind();
    }

    private final Object pool;
    private final Tasks tasks;

    PoolQueueView(Object pool, Tasks tasks) {
        this.pool = pool;
        this.tasks = tasks;
    }

    @Override
    public int size() {
        synchronized (pool) {
            return tasks.visible().size();
        }
    }

    @Override
    public boolean isEmpty() {
        return size() == 0;
    }

    @Override
    public Runnable peek() {
        synchronized (pool) {
            List<Runnable> visible = tasks.visible();
            return visible.isEmpty() ? null : visible.get(0);
        }
    }

    @Override
    public Runnable poll() {
        synchronized (pool) {
            return tasks.pollReady();
        }
    }

    @Override
    public boolean offer(Runnable task) {
        if (task == null) {
            throw new NullPointerException();
        }
        synchronized (pool) {
            return tasks.offer(task);
        }
    }

    @Override
    public boolean remove(Object task) {
        synchronized (pool) {
            return task != null && tasks.unlink(task);
        }
    }

    @Override
    public boolean contains(Object task) {
        synchronized (pool) {
            return tasks.visible().contains(task);
        }
    }

    @Override
    public int remainingCapacity() {
        synchronized (pool) {
            return tasks.remainingCapacity();
        }
    }

    @Override
    public Object[] toArray() {
        synchronized (pool) {
            return inJdkOrder().toArray();
        }
    }

    @Override
    public <T> T[] toArray(T[] array) {
        synchronized (pool) {
            return inJdkOrder().toArray(array);
        }
    }

    private List<Runnable> inJdkOrder() {
        if (!tasks.arrayInJdkOrder()) {
            throw refused("toArray (the JDK's queue lists its tasks in an order of its own)");
        }
        return tasks.visible();
    }

    /** At once, as the JDK's queues clear. */
    @Override
    public void clear() {
        drainTo(null, Integer.MAX_VALUE);
    }

    @Override
    public int drainTo(Collection<? super Runnable> into) {
        return drainTo(into, Integer.MAX_VALUE);
    }

    /** Takes the tasks off at once, as the JDK's queues drain (under their lock); {@code into} null discards them. */
    @Override
    public int drainTo(Collection<? super Runnable> into, int most) {
        if (into == this) {
            throw new IllegalArgumentException();
        }
        int drained = 0;
        synchronized (pool) {
            for (Runnable task; drained < most && (task = tasks.pollReady()) != null; drained++) {
                if (into != null) {
                    into.add(task);
                }
            }
        }
        return drained;
    }

    @Override
    public Iterator<Runnable> iterator() {
        throw refused("iterator (or a method that iterates: toString, forEach, removeIf, containsAll, a stream)");
    }

    @Override
    public void put(Runnable task) {
        throw refused("put");
    }

    @Override
    public boolean offer(Runnable task, long timeout, TimeUnit unit) {
        throw refused("offer with a timeout");
    }

    @Override
    public Runnable take() {
        throw refused("take");
    }

    @Override
    public Runnable poll(long timeout, TimeUnit unit) {
        throw refused("poll with a timeout");
    }

    private IllegalStateException refused(String call) {
        Hooks.unsupported("java.util.concurrent." + tasks.kind() + ".getQueue()." + call, -1);
        return new IllegalStateException("unreachable: the run is over");
    }
}
