package dev.weft.runtime;

import dev.weft.trace.Address;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * Busy-wait detection for one thread: counts how often it re-reads a location at the same place
 * and sees the same value since its last write or synchronization (other than lock acquire and release). Past the spin bound the thread
 * is blocked until another thread makes a write to one of the locations it read visible. When that
 * leaves no thread able to move, the runtime exempts the spinner for the rest of the run, so a loop
 * that was only re-reading a flag while counting locally still finishes and a real livelock ends at
 * the step bound.
 */
final class SpinWatch {
    private record Key(int location, Address address, long value) {
    }

    private final Map<Key, Integer> counts = new HashMap<>();
    private final Set<Address> watched = new LinkedHashSet<>();
    private boolean blocked;
    private boolean exempt;

    void read(int location, Address address, long value, int bound) {
        if (exempt) {
            return;
        }
        watched.add(address);
        if (counts.merge(new Key(location, address, value), 1, Integer::sum) > bound) {
            blocked = true;
        }
    }

    void reset() {
        counts.clear();
        watched.clear();
        blocked = false;
    }

    /** Another thread's write to {@code address} became visible. */
    void written(Address address) {
        if (watched.contains(address)) {
            reset();
        }
    }

    boolean blocked() {
        return blocked;
    }

    boolean isExempt() {
        return exempt;
    }

    void makeExempt() {
        reset();
        exempt = true;
    }

    Set<Address> watched() {
        return watched;
    }
}
