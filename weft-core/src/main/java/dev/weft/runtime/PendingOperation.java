package dev.weft.runtime;

import dev.weft.trace.Address;
import dev.weft.trace.EventKind;
import java.util.Set;

/**
 * The operation a stopped thread performs when it is stepped: the event it will produce, so far as
 * it is known before it happens (reads do not know their value yet).
 *
 * @param kind     kind of the event stepping produces
 * @param address  location, lock or thread it touches, or null
 * @param location program location id, or -1
 * @param awaited  for a {@link EventKind#LOOP} step, the addresses its iteration read: a write by another
 *                 thread to one of them, visible after the iteration first read it, lets the step happen
 *                 ({@link dev.weft.trace.BusyWait}); empty for every other step
 * @param endsRun  performing it may end the run and so cut off every other thread's next step: an
 *                 exit, or the end of a thread that was, at some scheduling point, the last non-daemon
 *                 thread while others could still move (once set, it stays set)
 */
public record PendingOperation(EventKind kind, Address address, int location, Set<Address> awaited, boolean endsRun) {

    public PendingOperation(EventKind kind, Address address, int location) {
        this(kind, address, location, Set.of(), kind == EventKind.EXIT);
    }

    /** A LOOP step, held until a write to one of {@code awaited} is visible. */
    public PendingOperation(EventKind kind, Address address, int location, Set<Address> awaited) {
        this(kind, address, location, awaited, false);
    }

    /** An END step, which may end the run ({@code endsRun}). */
    PendingOperation(EventKind kind, Address address, int location, boolean endsRun) {
        this(kind, address, location, Set.of(), endsRun);
    }

    /** The same operation, known to end the run. */
    PendingOperation endingRun() {
        return new PendingOperation(kind, address, location, awaited, true);
    }
}
