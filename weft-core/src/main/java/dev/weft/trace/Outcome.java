package dev.weft.trace;

/**
 * How a blocking call returns when its thread is stepped: {@code Object.wait}, the
 * {@code Condition.await} family, {@code LockSupport.park}, {@code Thread.join}, {@code Thread.sleep}
 * and lock attempts ({@code tryLock}, {@code lockInterruptibly}), and a weak compare-and-set, which
 * may fail spuriously. Such a call may return without
 * the action it waits for (JLS 17.2.1 and 17.2.4, the {@code Condition} and {@code LockSupport}
 * javadoc): when more than one way is possible at a scheduling point, each is a choice of its own
 * ({@link Choice#outcome()}), and the event the step records says which one happened
 * ({@link Event#outcome()}). Every other step returns {@link #NORMAL}.
 */
public enum Outcome {
    /** The call got what it waited for: a notify or signal, the park permit, the joined thread's end, the lock; or it does not block. */
    NORMAL,
    /**
     * It returned without a notify, signal or permit, as {@code Object.wait}, {@code Condition.await}
     * and {@code park} may. The thread sees what {@link #NORMAL} shows it; the difference is only that
     * nothing was consumed, so a schedule that asks for one of the two gets the other where only that
     * one is possible. For a weak compare-and-set (an ATOMIC_RMW step): it failed although the value
     * may have matched, as its javadoc allows, and wrote nothing.
     */
    SPURIOUS,
    /** Its time ran out first (a timed call), or a lock attempt found the lock taken. */
    TIMED_OUT,
    /** An interrupt ended it: the call throws InterruptedException (park just returns). */
    INTERRUPTED;

    /** Whether the thread returns from the call as after a notify, signal or permit. */
    public boolean returnsNormally() {
        return this == NORMAL || this == SPURIOUS;
    }

    /**
     * What the thread of a blocking call whose usual event is {@code call} sees when it returns this
     * way, as the outcome that stands for every way it sees alike: a wait woken spuriously returns
     * as a notified one does ({@link #NORMAL}); a park without its permit returns alike whether
     * spuriously or by an interrupt ({@link #SPURIOUS}; one with the permit took it).
     */
    public Outcome seenBy(EventKind call) {
        if (call == EventKind.ATOMIC_RMW) {
            return this; // a weak compare-and-set that fails spuriously returns false where it might have succeeded
        }
        if (call == EventKind.PARK) {
            return this == INTERRUPTED ? SPURIOUS : this;
        }
        return this == SPURIOUS ? NORMAL : this;
    }
}
