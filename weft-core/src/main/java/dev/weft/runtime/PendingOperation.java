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
 */
public record PendingOperation(EventKind kind, Address address, int location, Set<Address> awaited) {

    public PendingOperation(EventKind kind, Address address, int location) {
        this(kind, address, location, Set.of());
    }
}
