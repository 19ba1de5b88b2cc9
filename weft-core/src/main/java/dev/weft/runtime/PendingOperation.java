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
 * @param others   further memory addresses the step reads or writes besides {@code address}: a JDK
 *                 call on the state of several objects ({@code a.addAll(b)}) records one event per
 *                 object in one step; empty for every other operation
 */
public record PendingOperation(EventKind kind, Address address, int location, Set<Address> others) {

    public PendingOperation(EventKind kind, Address address, int location) {
        this(kind, address, location, Set.of());
    }
}
