package dev.weft.trace;

/**
 * One step of one thread in a recorded run.
 *
 * <p>An event is identified across runs by {@code (thread, seq)}: the {@code seq}-th event of
 * {@code thread}. By local determinism that pair denotes the same operation in every run whose
 * earlier reads of that thread returned the same values.
 *
 * @param index     position in the trace (0-based)
 * @param kind      what happened
 * @param thread    thread id ({@link Symbols#threads()})
 * @param seq       position within the thread's own events (0 = BEGIN)
 * @param location  program location id ({@link LocationTable}), or -1 when none applies
 * @param address   the location, lock or thread touched; null for BEGIN/END/YIELD/FENCE/EXIT
 * <p>{@code value} and {@code value2} mean different things for different kinds: read them through the named
 * accessors ({@link #peerThread()}, {@link #flushedWrite()}, {@link #fenceKind()} ...), which say which kinds they serve.
 *
 * @param value     value read or written (see {@link Values}); the status for EXIT; fence kind for FENCE; for
 *                  WAIT, WAKE and NOTIFY the wait set: 0 for the monitor's own, else the object id of the
 *                  {@code Condition}; for a YIELD that a blocking call recorded instead of its usual event
 *                  (a timeout, a failed tryLock, an interrupt), that event's kind's ordinal; for LOOP the
 *                  sequence number where its iteration began ({@link #iterationStart()})
 * @param value2    written value for ATOMIC_RMW and PLAIN_RMW; peer thread for FORK/JOIN/UNPARK/INTERRUPT, and for a
 *                  NOTIFY the thread whose wake-up took it (-1: none, or a notifyAll); index of the
 *                  NOTIFY whose notification a WAKE took, or -1; trace index of the buffered WRITE for FLUSH; for a
 *                  {@link #HELD} WAIT or PARK, where the iteration that held it began ({@link #iterationStart()}); for an
 *                  EXIT, {@link #ASSUMPTION_FAILED} when {@code Weft.assume(false)} made it ({@link #assumptionFailed()})
 * @param valueType JVM descriptor letter of the value ('I','J','F','D','Z','B','C','S','L'), or 0
 * @param flags     bit set of {@link #SHARED}, {@link #WROTE}, {@link #BUFFERED}, {@link #CHOSEN}, the
 *                  {@link #outcome()} of a blocking call's step and what that call allowed:
 *                  {@link #TIMED}, {@link #INTERRUPTIBLE}, {@link #MAY_WAKE_SPURIOUSLY}, {@link #ATTEMPT}; {@link #BROADCAST}, {@link #HELD},
 *                  {@link #JDK_CALL_LINE}; the {@link AccessMode} of a READ or WRITE: {@link #OPAQUE}, {@link #ACQUIRE_RELEASE}
 */
public record Event(int index, EventKind kind, int thread, int seq, int location, Address address,
                    long value, long value2, char valueType, int flags) {

    /** LOCK/UNLOCK of a read lock: compatible with other shared holders. */
    public static final int SHARED = 1;
    /** ATOMIC_RMW that wrote {@code value2}. */
    public static final int WROTE = 2;
    /** WRITE that entered a store buffer instead of memory (TSO/PSO); a later FLUSH publishes it. */
    public static final int BUFFERED = 4;
    /**
     * The event a schedule choice performed: the first event a thread records after being stepped,
     * or a FLUSH chosen on its own. Events without it happen as part of another choice (a thread's
     * BEGIN during its parent's start, the flushes a synchronization operation drains first), so a
     * schedule that reproduces a run has exactly one choice per CHOSEN event, in trace order.
     */
    public static final int CHOSEN = 8;
    /** Where a blocking call's step keeps its {@link Outcome} (two bits; none set: {@link Outcome#NORMAL}). */
    private static final int OUTCOME_SHIFT = 4;
    /** The blocking call had a timeout: it may return {@link Outcome#TIMED_OUT}. */
    public static final int TIMED = 64;
    /** An interrupt ends the blocking call ({@link Outcome#INTERRUPTED}; park returns {@link Outcome#SPURIOUS}). */
    public static final int INTERRUPTIBLE = 128;
    /** The wait or park may return {@link Outcome#SPURIOUS}ly (the run allows spurious wake-ups there). */
    public static final int MAY_WAKE_SPURIOUSLY = 256;
    /**
     * A lock attempt ({@code tryLock}): it fails ({@link Outcome#TIMED_OUT}, a YIELD addressing the
     * lock) where another thread holds the lock instead of blocking, and a timed one may fail once
     * another thread held it since the attempt began.
     */
    public static final int ATTEMPT = 512;
    /** A NOTIFY of notifyAll or signalAll: it wakes every waiter present. */
    public static final int BROADCAST = 1024;
    /**
     * A wait's WAIT and WAKE, or a PARK, that the busy-wait rule held ({@link BusyWait}): its loop's
     * previous iteration woke spuriously and repeated, so it may wake spuriously only after another
     * thread's write to what that iteration read. The WAIT's (or PARK's) {@code value2} is the
     * sequence number where that iteration began.
     */
    public static final int HELD = 2048;
    /** A READ or WRITE in {@link AccessMode#OPAQUE} mode: not plain (it races with nothing), orders nothing. */
    public static final int OPAQUE = 4096;
    /**
     * A READ in {@link AccessMode#ACQUIRE} mode or a WRITE in {@link AccessMode#RELEASE} mode: not plain, and an
     * acquire read of a release (or volatile) write orders what came before the write before what follows the read.
     */
    public static final int ACQUIRE_RELEASE = 8192;
    /**
     * A READ of a JDK object's state that stands for a call into instrumented JDK code ({@code --instrument-jdk}), whose
     * steps inside are events of their own: the call's line in reports. It reads a token no call changes.
     */
    public static final int JDK_CALL_LINE = 16384;

    /** The flag bits that record {@code outcome}. */
    public static int flagsOf(Outcome outcome) {
        return outcome.ordinal() << OUTCOME_SHIFT;
    }

    /** How the blocking call whose step this event is returned; {@link Outcome#NORMAL} for every other event. */
    public Outcome outcome() {
        return Outcome.values()[(flags >> OUTCOME_SHIFT) & 3];
    }

    public boolean wrote() {
        return kind == EventKind.WRITE || kind == EventKind.VOLATILE_WRITE || kind == EventKind.FLUSH || kind == EventKind.PLAIN_RMW
                || (kind == EventKind.ATOMIC_RMW && (flags & WROTE) != 0);
    }

    /** A read or write of a field or array element, volatile and atomic ones included (a FLUSH only publishes an earlier write). */
    public boolean accessesMemory() {
        return address != null && address.isMemory() && switch (kind) {
            case READ, WRITE, VOLATILE_READ, VOLATILE_WRITE, ATOMIC_RMW, PLAIN_RMW -> true;
            default -> false;
        };
    }

    /** Reads a location that holds a value ({@link Address#holdsValue}): memory, an interrupt status, a park permit (PARK). */
    public boolean readsLocation() {
        return address != null && address.holdsValue() && (kind.reads() || kind == EventKind.PARK);
    }

    /**
     * Writes such a location: a write or read-modify-write of memory, a FLUSH publishing a buffered
     * WRITE, an INTERRUPT (sets the target's status), an UNPARK (gives the target's permit), a PARK
     * (takes its permit: whatever it found, none is left).
     */
    public boolean writesLocation() {
        return address != null && address.holdsValue()
                && (wrote() || kind == EventKind.INTERRUPT || kind == EventKind.UNPARK || kind == EventKind.PARK);
    }

    /** The value the location holds after a {@link #writesLocation} event. */
    public long locationValue() {
        return kind == EventKind.PARK ? 0 : writtenValue();
    }

    /** A plain access: neither volatile nor atomic, nor in an opaque, acquire or release mode. */
    public boolean isPlainAccess() {
        return (kind == EventKind.READ || kind == EventKind.WRITE || kind == EventKind.PLAIN_RMW) && !has(OPAQUE | ACQUIRE_RELEASE);
    }

    public boolean reads() {
        return kind.reads();
    }

    /**
     * For a LOOP event: the sequence number ({@link #seq()}) of its thread's first event in the
     * iteration it ends; for a {@link #HELD} WAIT or PARK, in the iteration that held it.
     */
    public int iterationStart() {
        if (kind == EventKind.LOOP) {
            return (int) value;
        }
        if ((kind == EventKind.WAIT || kind == EventKind.PARK) && has(HELD)) {
            return (int) value2;
        }
        throw new IllegalStateException("not a loop arrival or a held wait: " + this);
    }

    /** The thread a FORK started, a JOIN joined, an UNPARK unparked or an INTERRUPT interrupted. */
    public int peerThread() {
        require(kind == EventKind.FORK || kind == EventKind.JOIN || kind == EventKind.UNPARK || kind == EventKind.INTERRUPT);
        return (int) value2;
    }

    /** For a NOTIFY: the thread whose wake-up took this notification, or -1 (nobody, or a notifyAll). */
    public int wokenThread() {
        require(kind == EventKind.NOTIFY);
        return (int) value2;
    }

    /** For a WAKE: the trace index of the NOTIFY whose notification it took, or -1 (a spurious wake-up, a timeout, an interrupt). */
    public int takenNotify() {
        require(kind == EventKind.WAKE);
        return (int) value2;
    }

    /** For a FLUSH: the trace index of the buffered WRITE it publishes. */
    public int flushedWrite() {
        require(kind == EventKind.FLUSH);
        return (int) value2;
    }

    /** For a WAIT, WAKE or NOTIFY: its wait set, 0 for the monitor's own, else the object id of the {@code Condition}. */
    public long waitSet() {
        require(kind == EventKind.WAIT || kind == EventKind.WAKE || kind == EventKind.NOTIFY);
        return value;
    }

    /** For a FENCE: which fence. */
    public FenceKind fenceKind() {
        require(kind == EventKind.FENCE);
        return FenceKind.values()[(int) value];
    }

    /** An EXIT's {@code value2} when {@code Weft.assume(false)} ended the run, not {@code System.exit}. */
    public static final int ASSUMPTION_FAILED = 1;

    /** For an EXIT: whether {@code Weft.assume(false)} made it. */
    public boolean assumptionFailed() {
        require(kind == EventKind.EXIT);
        return value2 == ASSUMPTION_FAILED;
    }

    /** For an EXIT: the status passed to {@code System.exit}. */
    public int exitStatus() {
        require(kind == EventKind.EXIT);
        return (int) value;
    }

    /** For a YIELD that a blocking call recorded instead of its usual event (a timeout, a failed tryLock, an interrupt): that event's kind. */
    public EventKind replacedKind() {
        require(kind == EventKind.YIELD && outcome() != Outcome.NORMAL);
        return EventKind.values()[(int) value];
    }

    private void require(boolean holds) {
        if (!holds) {
            throw new IllegalStateException("not an event of that kind: " + this);
        }
    }

    /** The value this event leaves in memory when it writes. */
    public long writtenValue() {
        return kind == EventKind.ATOMIC_RMW || kind == EventKind.PLAIN_RMW ? value2 : value;
    }

    public boolean has(int flag) {
        return (flags & flag) != 0;
    }
}
