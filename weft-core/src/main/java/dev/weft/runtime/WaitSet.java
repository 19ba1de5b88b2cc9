package dev.weft.runtime;

import java.util.ArrayList;
import java.util.List;

/**
 * The threads waiting on a monitor or a condition, and the notifications no waiter has taken yet.
 *
 * <p>Which waiter a notify wakes is decided late: a notify leaves a notification that the waiters
 * present at it may take, and the first of them to wake up taking one does. JLS 17.2.2 lets
 * {@code Object.notify} wake an arbitrary waiter; deciding at the notify is the same as deciding
 * here. A run where the notify picks W maps to one where W takes it: W wakes up after the notify
 * like any woken waiter, and the waiters not picked do not take it. Conversely a waiter that takes
 * a notification was present at its notify, so the JVM could have picked it. When several
 * notifications are there, a waiter takes the oldest it may take: the waiters still waiting that
 * were present at an older notify were present at every later one (a waiter's stay is one stretch
 * of time), so an older notification is never worth more to them, and taking the oldest leaves
 * every assignment of the others possible (the greedy order of interval-point matching). A waiter
 * that returns without taking one (a timeout, an interrupt, a spurious wake-up) had left before
 * the notify or was not picked: its presence passes on, as the {@code Condition} javadoc asks of
 * an interrupt ("the signal is redirected to another waiting thread").
 *
 * <p>A {@code Condition} of the JDK's locks signals its longest waiter
 * ({@code AbstractQueuedSynchronizer.ConditionObject}): in a FIFO set each pending notification
 * belongs to the first waiter present at it that an older pending notification does not already
 * hold, so only that waiter may take it, and it passes to the next one when that waiter leaves
 * otherwise. A notifyAll or signalAll wakes every waiter present.
 */
final class WaitSet {
    /** A thread in the wait set. */
    static final class Waiter {
        final RunThread thread;
        /** Trace index of the notifyAll that woke it, or -1. */
        int notifiedByAll = -1;

        Waiter(RunThread thread) {
            this.thread = thread;
        }
    }

    /** A notify no waiter has taken: its trace index and the waiters present at it, longest waiting first. */
    private record Notification(int index, List<Waiter> present) {
    }

    private final boolean fifo;
    private final List<Waiter> waiters = new ArrayList<>();
    /** Oldest first. */
    private final List<Notification> notifications = new ArrayList<>();

    /** @param fifo a condition of the JDK's locks, whose signal wakes the longest waiter */
    WaitSet(boolean fifo) {
        this.fifo = fifo;
    }

    Waiter enter(RunThread thread) {
        Waiter w = new Waiter(thread);
        waiters.add(w);
        return w;
    }

    /** A notify or signal at trace index {@code index}: a notification for the waiters present (lost when there are none). */
    void notifyOne(int index) {
        List<Waiter> present = new ArrayList<>();
        for (Waiter w : waiters) {
            if (w.notifiedByAll < 0) {
                present.add(w);
            }
        }
        if (!present.isEmpty()) {
            notifications.add(new Notification(index, present));
        }
    }

    /** A notifyAll or signalAll at trace index {@code index}: every waiter present is woken. */
    void notifyAll(int index) {
        for (Waiter w : waiters) {
            if (w.notifiedByAll < 0) {
                w.notifiedByAll = index;
            }
        }
    }

    /** Whether {@code w} may return as woken: a notifyAll woke it, or there is a notification it may take. */
    boolean notified(Waiter w) {
        return w.notifiedByAll >= 0 || takeable(w) != null;
    }

    /** {@code w} returns as woken: the trace index of the notifyAll that woke it, else of the notification it takes. */
    int wake(Waiter w) {
        int by = w.notifiedByAll;
        if (by < 0) {
            Notification taken = takeable(w);
            notifications.remove(taken);
            by = taken.index();
        }
        leave(w);
        return by;
    }

    /** {@code w} returns without being woken (timeout, interrupt, spurious wake-up): it takes nothing. */
    void leave(Waiter w) {
        waiters.remove(w);
        notifications.removeIf(n -> n.present().remove(w) && n.present().isEmpty());
    }

    /** The oldest notification {@code w} may take, or null. */
    private Notification takeable(Waiter w) {
        List<Waiter> held = new ArrayList<>();
        for (Notification n : notifications) {
            Waiter owner = fifo ? firstNotIn(n.present(), held) : null;
            if (fifo ? owner == w : n.present().contains(w)) {
                return n;
            }
            held.add(owner);
        }
        return null;
    }

    private static Waiter firstNotIn(List<Waiter> present, List<Waiter> held) {
        for (Waiter w : present) {
            if (!held.contains(w)) {
                return w;
            }
        }
        return null;
    }

    boolean isEmpty() {
        return waiters.isEmpty();
    }
}
