package examples;

import java.util.concurrent.atomic.AtomicInteger;

/**
 * Detects two threads inside a critical section at once. The atomic counter is a
 * synchronization operation and so drains store buffers, but a thread reaches it only after its
 * entry protocol's reads, so it cannot hide a protocol that lets two threads in.
 */
public final class CriticalSection {
    private final AtomicInteger occupants = new AtomicInteger();

    public void enter() {
        if (occupants.incrementAndGet() != 1) {
            throw new AssertionError("mutual exclusion violated: two threads in the critical section");
        }
    }

    public void exit() {
        occupants.decrementAndGet();
    }
}
