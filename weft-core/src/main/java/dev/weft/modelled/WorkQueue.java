package dev.weft.modelled;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * The waiting tasks of a {@link ModelledThreadPoolExecutor}, first in first out, and its idle workers
 * that wait for them; every method is called holding the pool's monitor. A queue of capacity 0 is the
 * JDK's {@code SynchronousQueue}: a task waits here only on its way to an idle worker, which the JDK's
 * queue hands over directly, so {@link PoolQueueView}'s calls see none.
 */
final class WorkQueue implements PoolQueueView.Tasks {
    private final Object pool;
    private final int capacity;
    private Node head;
    private Node tail;
    private int size;
    /** Workers waiting on the pool's monitor for a task. */
    int idle;

    private static final class Node {
        final Runnable task;
        Node next;

        Node(Runnable task) {
            this.task = task;
        }
    }

    WorkQueue(Object pool, int capacity) {
        this.pool = pool;
        this.capacity = capacity;
    }

    boolean isEmpty() {
        return head == null;
    }

    int size() {
        return size;
    }

    /** A hand-over queue holds a task on its way to an idle worker. */
    boolean handingOver() {
        return capacity == 0 && size > 0;
    }

    /** A hand-over queue holds more tasks than idle workers wait: one whose worker timed out meanwhile. */
    boolean unclaimed() {
        return capacity == 0 && size > idle;
    }

    /** Appends {@code task} and wakes a worker, if the queue has room (a hand-over queue: if a worker is idle). */
    @Override
    public boolean offer(Runnable task) {
        if (size >= (capacity == 0 ? idle : capacity)) {
            return false;
        }
        Node node = new Node(task);
        if (tail == null) {
            head = node;
        } else {
            tail.next = node;
        }
        tail = node;
        size++;
        pool.notify();
        return true;
    }

    Runnable poll() {
        Node node = head;
        if (node == null) {
            return null;
        }
        head = node.next;
        if (head == null) {
            tail = null;
        }
        size--;
        return node.task;
    }

    List<Runnable> drain() {
        List<Runnable> tasks = new ArrayList<>(size);
        while (head != null) {
            tasks.add(poll());
        }
        return tasks;
    }

    /** Unlinks the waiting tasks that {@code matches} (the first only, unless {@code all}); how many. */
    int remove(Predicate<Object> matches, boolean all) {
        if (capacity == 0) {
            return 0;
        }
        int removed = 0;
        Node before = null;
        for (Node node = head; node != null; node = node.next) {
            if (!matches.test(node.task)) {
                before = node;
                continue;
            }
            if (before == null) {
                head = node.next;
            } else {
                before.next = node.next;
            }
            if (tail == node) {
                tail = before;
            }
            size--;
            removed++;
            if (!all) {
                break;
            }
        }
        return removed;
    }

    // ------------------------------------------------------------------ as the program's getQueue() sees it

    @Override
    public List<Runnable> visible() {
        List<Runnable> tasks = new ArrayList<>(capacity == 0 ? 0 : size);
        for (Node node = capacity == 0 ? null : head; node != null; node = node.next) {
            tasks.add(node.task);
        }
        return tasks;
    }

    @Override
    public Runnable pollReady() {
        return capacity == 0 ? null : poll();
    }

    @Override
    public boolean unlink(Object task) {
        return remove(task::equals, false) > 0;
    }

    @Override
    public int remainingCapacity() {
        return capacity == 0 ? 0 : capacity - size;
    }

    @Override
    public String kind() {
        return "ThreadPoolExecutor";
    }
}
