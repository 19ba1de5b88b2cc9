package dev.weft.runtime;

import dev.weft.trace.Address;
import dev.weft.trace.Event;
import dev.weft.trace.EventKind;
import java.util.Set;

/**
 * The operation a stopped thread performs when it is stepped: the event it will produce, so far as
 * it is known before it happens (reads do not know their value yet, a blocking call not how it returns).
 *
 * @param kind     kind of the event stepping produces (for a blocking call, the one a normal return produces)
 * @param address  location, lock or thread it touches, or null
 * @param location program location id, or -1
 * @param flags    for a blocking call, what it allows, as the event it records will say:
 *                 {@link Event#TIMED}, {@link Event#INTERRUPTIBLE}, {@link Event#MAY_WAKE_SPURIOUSLY},
 *                 {@link Event#ATTEMPT}; 0 otherwise
 * @param others   further memory addresses the step reads or writes besides {@code address}: a JDK
 *                 call on the state of several objects ({@code a.addAll(b)}) records one event per
 *                 object in one step; empty for every other operation
 * @param awaited  for a {@link EventKind#LOOP} step, the addresses its iteration read: a write by another
 *                 thread to one of them, visible after the iteration first read it, lets the step happen
 *                 ({@link dev.weft.trace.BusyWait}); for a {@link Event#HELD} wait or park, what the iteration that
 *                 held it read (such a write lets it return spuriously); empty for every other step
 * @param endsRun  performing it may end the run and so cut off every other thread's next step: an
 *                 exit, or the end of a thread that was, at some scheduling point, the last non-daemon
 *                 thread while others could still move (once set, it stays set)
 */
public record PendingOperation(EventKind kind, Address address, int location, int flags, Set<Address> others,
                               Set<Address> awaited, boolean endsRun) {

    public PendingOperation(EventKind kind, Address address, int location) {
        this(kind, address, location, 0, Set.of(), Set.of(), kind == EventKind.EXIT);
    }

    /** A blocking call's step that nothing holds. */
    public PendingOperation(EventKind kind, Address address, int location, int flags) {
        this(kind, address, location, flags, Set.of(), Set.of(), false);
    }

    /** A blocking call's step, held as {@code flags} say until a write to one of {@code awaited}. */
    public PendingOperation(EventKind kind, Address address, int location, int flags, Set<Address> awaited) {
        this(kind, address, location, flags, Set.of(), awaited, false);
    }

    /** An END step, which may end the run ({@code endsRun}). */
    PendingOperation(EventKind kind, Address address, int location, boolean endsRun) {
        this(kind, address, location, 0, Set.of(), Set.of(), endsRun);
    }

    /** A JDK call's step: its first event's kind and address, and the other objects whose state it touches. */
    public static PendingOperation jdkCall(EventKind kind, Address first, int location, Set<Address> others) {
        return new PendingOperation(kind, first, location, 0, others, Set.of(), false);
    }

    /** A loop's step at its header, held until a write to one of {@code awaited} is visible. */
    public static PendingOperation loop(int location, Set<Address> awaited) {
        return new PendingOperation(EventKind.LOOP, null, location, 0, Set.of(), awaited, false);
    }

    public boolean has(int flag) {
        return (flags & flag) != 0;
    }

    /** The same operation, known to end the run. */
    PendingOperation endingRun() {
        return new PendingOperation(kind, address, location, flags, others, awaited, true);
    }
}
