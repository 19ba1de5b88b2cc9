package dev.weft.trace;

/**
 * What an {@link Event} did. The causal model (package {@code causal}) reads these kinds; the
 * runtime produces them; nothing else interprets them.
 */
public enum EventKind {
    /** First event of a thread. */
    BEGIN,
    /** Last event of a thread (normal end or uncaught exception). */
    END,
    /** Plain read of a field or array element; {@code value} is the value read. */
    READ,
    /** Plain write; {@code value} is the value written. Under TSO/PSO it may be buffered. */
    WRITE,
    /** Read of a volatile field, or an atomic's plain get. */
    VOLATILE_READ,
    /** Write of a volatile field, or an atomic's set. */
    VOLATILE_WRITE,
    /**
     * Atomic read-modify-write (compareAndSet, getAndAdd, ...): {@code value} is the value read,
     * {@code value2} the value written when {@link Event#wrote()} holds.
     */
    ATOMIC_RMW,
    /**
     * A call that changes a JDK object that is not thread-safe ({@link Address.Kind#OBJECT_STATE}): a
     * plain read-modify-write of the object's state. {@code value} is the state read, {@code value2}
     * the state written, a token unique to this call. It synchronizes with nothing (two of them in
     * different threads race unless something else orders them), but it drains its thread's store
     * buffers as the synchronizing kinds do: the JDK's own writes cannot wait in a store buffer, so
     * the thread's earlier writes must become visible first (TSO keeps stores in order).
     */
    PLAIN_RMW,
    /** Makes a buffered write visible to other threads (TSO/PSO only); {@code value} as written. */
    FLUSH,
    /** Acquire of a monitor or {@code java.util.concurrent} lock (outermost only, see {@link Event#SHARED}). */
    LOCK,
    /** Release of a monitor or lock (outermost only). */
    UNLOCK,
    /** {@code Object.wait}/{@code Condition.await}: releases the lock and blocks. */
    WAIT,
    /**
     * Re-acquires the lock after a {@link #WAIT}; {@code value2} is the index of the NOTIFY whose
     * notification it took, or -1 (it returned {@link Outcome#SPURIOUS}ly, timed out or was interrupted:
     * {@link Event#outcome()}).
     */
    WAKE,
    /**
     * notify/notifyAll/signal/signalAll ({@link Event#BROADCAST} for the ...All ones); {@code value}
     * names the wait set, as for WAIT and WAKE. A notify's notification goes to whichever waiter
     * present at it takes it first ({@code value2}: that thread, or -1 while nobody has).
     */
    NOTIFY,
    /** Thread.start; {@code value2} is the started thread. */
    FORK,
    /** Thread.join returned ({@link Event#outcome()}: the thread ended, or the join timed out or was interrupted); {@code value2} is the joined thread. */
    JOIN,
    /** LockSupport.park returned; {@code value} is 1 when it took the permit. */
    PARK,
    /** LockSupport.unpark; {@code value2} is the target thread. */
    UNPARK,
    /** Thread.interrupt; {@code value2} is the target thread. */
    INTERRUPT,
    /** Explicit fence ({@code VarHandle} fences); {@code value} is the {@link FenceKind} ordinal. */
    FENCE,
    /**
     * A scheduling point with no memory effect: yield, sleep, onSpinWait, a tryLock that failed (it
     * addresses the lock), a blocking call that an interrupt ended before it blocked.
     */
    YIELD,
    /**
     * A thread arrives at the header of a busy-wait loop ({@link BusyWait}) after an iteration that
     * changed nothing another thread or its next iteration could tell: the iteration is its events
     * from sequence number {@code value} on; the step is held back until another thread makes a write
     * to what the iteration read visible.
     */
    LOOP,
    /** System.exit / Runtime.halt; {@code value} is the status. Ends the run. */
    EXIT;

    /** True for events that read shared memory (and so can return a different value in another run). */
    public boolean reads() {
        return this == READ || this == VOLATILE_READ || this == ATOMIC_RMW || this == PLAIN_RMW;
    }

    /** True for events that may write shared memory ({@link #ATOMIC_RMW} only when it wrote). */
    public boolean mayWrite() {
        return this == WRITE || this == VOLATILE_WRITE || this == ATOMIC_RMW || this == PLAIN_RMW || this == FLUSH;
    }

    /**
     * True for the kinds that wait under TSO/PSO until their thread's store buffers are empty: the
     * synchronization events, and {@link #PLAIN_RMW}, which drains them without synchronizing; but not
     * a volatile read, which HotSpot compiles to a plain load (on x86 the StoreLoad fence follows the
     * volatile write; the JSR-133 cookbook needs no barrier between a store and a later volatile
     * load), so it reads its thread's own buffered writes by store forwarding. A {@link #FENCE} drains
     * only when its {@link FenceKind} is full, which its event's value says and its kind cannot.
     */
    public boolean drainsBuffers() {
        return switch (this) {
            case READ, WRITE, VOLATILE_READ, FLUSH, YIELD, LOOP -> false;
            default -> true;
        };
    }
}
