package dev.weft.runtime;

import dev.weft.trace.Address;
import dev.weft.trace.EventKind;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Busy-wait detection for one thread. A thread may not read again at a program location where it
 * already read the same address since its last operation other than a read, a yield, a lock
 * acquire or release, or a read-modify-write that did not write — until another thread makes a
 * write to one of the addresses it read since then visible. The causal model states the same rule
 * ({@code dev.weft.causal.CausalModel}), so MCR's seeds never ask for a re-read this forbids. When
 * the rule leaves no thread able to move, the runtime exempts the spinner for the rest of the run,
 * so a loop that was only re-reading a flag while counting locally still finishes and a real
 * livelock ends at the step bound.
 */
final class SpinWatch {
    private record Place(int location, Address address) {
    }

    private final Set<Place> read = new HashSet<>();
    private final Set<Address> watched = new LinkedHashSet<>();
    private boolean exempt;

    void read(int location, Address address) {
        if (exempt) {
            return;
        }
        watched.add(address);
        read.add(new Place(location, address));
    }

    void reset() {
        read.clear();
        watched.clear();
    }

    /** Another thread's write to {@code address} became visible. */
    void written(Address address) {
        if (watched.contains(address)) {
            reset();
        }
    }

    /** Whether the rule holds back {@code next}, the thread's pending operation. */
    boolean blocks(PendingOperation next) {
        return !exempt && next != null && next.location() >= 0 && isSpinRead(next.kind()) && read.contains(new Place(next.location(), next.address()));
    }

    static boolean isSpinRead(EventKind kind) {
        return kind == EventKind.READ || kind == EventKind.VOLATILE_READ || kind == EventKind.ATOMIC_RMW;
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
