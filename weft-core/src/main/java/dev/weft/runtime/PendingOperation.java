package dev.weft.runtime;

import dev.weft.trace.Address;
import dev.weft.trace.EventKind;

/**
 * The operation a stopped thread performs when it is stepped: the event it will produce, so far as
 * it is known before it happens (reads do not know their value yet).
 *
 * @param kind     kind of the event stepping produces
 * @param address  location, lock or thread it touches, or null
 * @param location program location id, or -1
 * @param endsRun  performing it may end the run and so cut off every other thread's next step: an
 *                 exit, or the end of a thread that was, at some scheduling point, the last non-daemon
 *                 thread while others could still move (once set, it stays set)
 */
public record PendingOperation(EventKind kind, Address address, int location, boolean endsRun) {

    public PendingOperation(EventKind kind, Address address, int location) {
        this(kind, address, location, kind == EventKind.EXIT);
    }

    /** The same operation, known to end the run. */
    PendingOperation endingRun() {
        return new PendingOperation(kind, address, location, true);
    }
}
