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
 */
public record PendingOperation(EventKind kind, Address address, int location) {
}
