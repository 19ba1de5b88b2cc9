package dev.weft.runtime;

import dev.weft.trace.Outcome;

/**
 * Sets of {@link Outcome}s as bit masks: what a blocking call can do at a scheduling point, asked
 * of every waiting thread at every step, so without allocating.
 */
final class Outcomes {
    static final int NONE = 0;
    static final int NORMAL = of(Outcome.NORMAL);
    static final int SPURIOUS = of(Outcome.SPURIOUS);
    static final int TIMED_OUT = of(Outcome.TIMED_OUT);
    static final int INTERRUPTED = of(Outcome.INTERRUPTED);

    private Outcomes() {
    }

    static int of(Outcome outcome) {
        return 1 << outcome.ordinal();
    }

    static boolean has(int outcomes, Outcome outcome) {
        return (outcomes & of(outcome)) != 0;
    }

    /** {@code outcome} when {@code possible}, else none. */
    static int when(boolean possible, int outcome) {
        return possible ? outcome : NONE;
    }

    /**
     * What a thread can do for real: a spurious wake-up is allowed, never due, so a run where only
     * spurious wake-ups could go on is a deadlock (a JVM may never wake the thread).
     */
    static int due(int outcomes) {
        return outcomes & ~SPURIOUS;
    }
}
