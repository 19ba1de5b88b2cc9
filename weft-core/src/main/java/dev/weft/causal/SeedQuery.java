package dev.weft.causal;

/** What one seed asks of the solver: an order of the trace's events that reaches a new state. */
public sealed interface SeedQuery {

    /**
     * The read at trace index {@code read} returns {@code value}, which differs from what it
     * returned in the trace; indices past the trace's end name the virtual reads of final values
     * ({@link CausalModel#isFinalRead}).
     */
    record NewValue(int read, long value) implements SeedQuery {
    }

    /**
     * The blocking call whose step is the event at trace index {@code step} returns as
     * {@code outcome}, which its thread sees differently from the way it returned in the trace
     * ({@link BlockingSteps}): it is its thread's next step right after the prefix.
     */
    record NewOutcome(int step, dev.weft.trace.Outcome outcome) implements SeedQuery {
    }

    /**
     * Two threads each hold one lock and request the other: the acquires at trace indices
     * {@code first} and {@code second} are both the next step of their threads, and neither can happen.
     */
    record LockInversion(int first, int second) implements SeedQuery {
    }

    /** The notify at trace index {@code notifyEvent}, which woke the wait at {@code waitEvent}, happens before that wait and is lost. */
    record LostNotify(int waitEvent, int notifyEvent) implements SeedQuery {
    }

    /**
     * The accesses at trace indices {@code first} and {@code second} are both the next step of their
     * threads right after the prefix, so they can run one right after the other: a data race
     * ({@link RaceQueries}). Not one of MCR's seed queries.
     */
    record Race(int first, int second) implements SeedQuery {
    }
}
