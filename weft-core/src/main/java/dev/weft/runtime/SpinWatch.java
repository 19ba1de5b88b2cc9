package dev.weft.runtime;

import dev.weft.trace.Address;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Busy-wait detection for one thread. Its window is what it did since its last operation other
 * than a read, a yield, a lock acquire or release, or a read-modify-write that did not write; a
 * repeat is a read at a program location where the window already read the same address, and the
 * repeat's iteration is the window's reads from that earlier read on. A repeat is justified once
 * another thread made a write to an address the iteration read visible after this thread's last
 * read of it: a change to an address the loop no longer reads cannot end the loop, so it justifies
 * nothing. Holding no lock, the thread may not repeat unjustified (the read rule), and after an
 * unjustified repeat under a lock it may not take its next step holding no lock until a write to
 * an address the window read appears (the lock rule, for loops that re-check a flag inside
 * {@code synchronized}). The causal model states the same rules ({@code dev.weft.causal.CausalModel}),
 * so MCR's seeds never ask for a step they forbid. When the rules leave no thread able to move, the
 * runtime exempts the spinner for the rest of the run, so a loop that was only re-reading a flag
 * while counting locally still finishes and a real livelock ends at the step bound.
 */
final class SpinWatch {
    private record Place(int location, Address address) {
    }

    private final List<Place> window = new ArrayList<>();
    private final Set<Address> watched = new HashSet<>();
    /** Watched addresses written visibly by another thread since this thread's last read of them. */
    private final Set<Address> changed = new HashSet<>();
    private boolean repeatedUnderLock;
    private boolean exempt;

    void read(int location, Address address) {
        if (exempt) {
            return;
        }
        Place place = new Place(location, address);
        if (unjustifiedRepeat(place)) {
            repeatedUnderLock = true; // holding no lock, the read rule would have held it back
        }
        watched.add(address);
        window.add(place);
        changed.remove(address);
    }

    void reset() {
        window.clear();
        watched.clear();
        changed.clear();
        repeatedUnderLock = false;
    }

    /** A write to {@code address} became visible. */
    void written(Address address) {
        if (watched.contains(address)) {
            changed.add(address);
        }
    }

    /** The thread takes a scheduled step while holding no lock. */
    void steppedHoldingNoLock() {
        repeatedUnderLock = false;
    }

    /** Whether the rules hold back {@code next}, the thread's pending operation, at a point where it holds no lock. */
    boolean blocks(PendingOperation next) {
        if (exempt || next == null) {
            return false;
        }
        return repeatedUnderLock && changed.isEmpty() || next.kind().reads() && unjustifiedRepeat(new Place(next.location(), next.address()));
    }

    private boolean unjustifiedRepeat(Place place) {
        int earlier = place.location() < 0 ? -1 : window.lastIndexOf(place);
        if (earlier < 0) {
            return false;
        }
        for (int i = earlier; i < window.size(); i++) {
            if (changed.contains(window.get(i).address())) {
                return false;
            }
        }
        return true;
    }

    boolean isExempt() {
        return exempt;
    }

    void makeExempt() {
        reset();
        exempt = true;
    }
}
