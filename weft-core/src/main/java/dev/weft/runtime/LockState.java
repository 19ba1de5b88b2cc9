package dev.weft.runtime;

import dev.weft.trace.Address;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A monitor or {@code java.util.concurrent} lock as the runtime models it: the exclusive owner with
 * its hold count, the shared holders of a read/write lock, and (for monitors) the wait set. The real
 * JDK lock is never taken; only one program thread runs at a time.
 */
final class LockState {
    /** One side of a lock: a ReentrantLock is exclusive, a read/write lock has a shared and an exclusive view. */
    record View(LockState lock, boolean shared) {
    }

    final Address address;
    RunThread owner;
    int holds;
    /** Where the owner took the lock (its outermost acquisition, or its return from a wait): a location id, -1 when unknown. */
    int takenAt = -1;
    final Map<RunThread, Integer> readers = new LinkedHashMap<>();
    /** Acquisitions so far, re-entrant ones included: a timed tryLock asks whether the lock was taken while it waited. */
    long acquisitions;
    /** The monitor's wait set ({@code Object.wait}); a condition has its own. */
    final WaitSet waiters = new WaitSet(false);

    LockState(Address address) {
        this.address = address;
    }

    int heldBy(RunThread thread, boolean shared) {
        return shared ? readers.getOrDefault(thread, 0) : owner == thread ? holds : 0;
    }

    boolean available(RunThread thread, boolean shared) {
        return shared ? owner == null || owner == thread : owner == null && readers.isEmpty();
    }
}
