package dev.weft.runtime;

import dev.weft.trace.Address;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A monitor or {@code java.util.concurrent} lock as the runtime models it: the exclusive owner with
 * its hold count, the shared holders of a read/write lock, and (for monitors) the wait set. The real
 * JDK lock is never taken; only one program thread runs at a time.
 */
final class LockState {
    /** A thread in a wait set; {@code notifiedBy} is the trace index of the NOTIFY that woke it, or -1. */
    static final class Waiter {
        final RunThread thread;
        int notifiedBy = -1;

        Waiter(RunThread thread) {
            this.thread = thread;
        }
    }

    /** One side of a lock: a ReentrantLock is exclusive, a read/write lock has a shared and an exclusive view. */
    record View(LockState lock, boolean shared) {
    }

    final Address address;
    RunThread owner;
    int holds;
    final Map<RunThread, Integer> readers = new LinkedHashMap<>();
    final List<Waiter> waiters = new ArrayList<>();

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
