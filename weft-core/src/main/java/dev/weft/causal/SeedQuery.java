package dev.weft.causal;

import java.io.Serializable;

/** What one seed asks of the solver: an order of the trace's events that reaches a new state. */
public sealed interface SeedQuery extends Serializable {

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

    /**
     * A thread that ends holding a lock takes it, at trace index {@code abandoned}, before another
     * thread's acquire at {@code waiting}, which is then its thread's next step and waits for ever.
     */
    record AbandonedLockFirst(int abandoned, int waiting) implements SeedQuery {
    }

    /** The notify at trace index {@code notifyEvent}, which woke the wait at {@code waitEvent}, happens before that wait and is lost. */
    record LostNotify(int waitEvent, int notifyEvent) implements SeedQuery {
    }

    /**
     * The run's end (its exit, or the end of its last non-daemon thread: {@link dev.weft.trace.Ending})
     * comes before the event at trace index {@code event}, which then never happens: its thread is
     * cut off right before it.
     */
    record EndBefore(int event) implements SeedQuery {
    }

    /**
     * What the {@code cutOff}-th thread the run's end cut off was about to do ({@link dev.weft.trace.Ending#cutOff()})
     * happens before the end: the run's own order up to the end, then that step. No solver is asked.
     */
    record StepBeforeEnd(int cutOff) implements SeedQuery {
    }

    /**
     * The accesses at trace indices {@code first} and {@code second} are both the next step of their
     * threads right after the prefix, so they can run one right after the other: a data race
     * ({@link RaceQueries}). Not one of MCR's seed queries.
     */
    record Race(int first, int second) implements SeedQuery {
    }
}
