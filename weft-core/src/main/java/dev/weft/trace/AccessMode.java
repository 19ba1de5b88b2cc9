package dev.weft.trace;

/**
 * The memory ordering of one read or write: the access modes of {@code java.lang.invoke.VarHandle}
 * (JDK 9), which the atomic classes, field updaters and {@code Unsafe} share. How each mode behaves
 * under SC, TSO and PSO is said here once, for the runtime that performs the accesses and the
 * analyses that read their events.
 *
 * <p>TSO and PSO never let a read overtake a later access, so opaque, acquire and volatile reads
 * are plain reads there (HotSpot's volatile load on x86 is a plain load: it does not wait for the
 * thread's buffered writes, and reads its own by store forwarding), and every write but a volatile
 * one may wait in the store buffer. Only two modes order more than a plain access: a release write
 * keeps every earlier write visible before it (a release fence first, which matters under PSO only:
 * TSO keeps stores in order), and a volatile write drains the buffer and is visible at once (a
 * release, the store, and the StoreLoad fence HotSpot puts after it), as a volatile field's does. The modes also differ for data races: only
 * plain accesses race, and a release write that an acquire (or volatile) read reads from orders
 * what came before the write before what comes after the read (happens-before, JLS 17.4.5 as the
 * JDK 9 memory-order modes extend it); opaque accesses order nothing.
 */
public enum AccessMode {
    PLAIN, OPAQUE, ACQUIRE, RELEASE, VOLATILE;

    public EventKind readKind() {
        return this == VOLATILE ? EventKind.VOLATILE_READ : EventKind.READ;
    }

    public EventKind writeKind() {
        return this == VOLATILE ? EventKind.VOLATILE_WRITE : EventKind.WRITE;
    }

    /** The {@link Event} flag a READ or WRITE of this mode carries (0 for plain; volatile ones have their own kinds). */
    public int eventFlag() {
        return switch (this) {
            case OPAQUE -> Event.OPAQUE;
            case ACQUIRE, RELEASE -> Event.ACQUIRE_RELEASE;
            default -> 0;
        };
    }

    /** Whether a write of this mode is preceded by a release fence under {@code model}: only a release write under PSO. */
    public boolean fencedBefore(MemoryModel model) {
        return this == RELEASE && model == MemoryModel.PSO;
    }

    /** The mode of a READ or WRITE event, as its flags say. */
    public static AccessMode of(Event e) {
        if (e.has(Event.ACQUIRE_RELEASE)) {
            return e.reads() ? ACQUIRE : RELEASE;
        }
        return e.has(Event.OPAQUE) ? OPAQUE : PLAIN;
    }
}
