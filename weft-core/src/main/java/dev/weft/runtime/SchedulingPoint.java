package dev.weft.runtime;

import dev.weft.trace.Choice;
import java.util.List;

/** What a {@link SchedulePolicy} sees at a scheduling point. Valid only during the {@code choose} call. */
public interface SchedulingPoint {

    /** Every live thread, in the order they were started. */
    List<ThreadView> threads();

    /**
     * Every enabled choice: the steps of each enabled thread (in {@link #threads()} order, a blocking
     * call's ways to return in {@link dev.weft.trace.Outcome} order), then every possible flush
     * (TSO/PSO), then the spurious wake-ups ({@link Choice#isSpurious()}), which are offered only
     * while something else can move. Never empty.
     */
    List<Choice> enabled();

    /** The operation thread {@code thread} performs if stepped, or null if it is not live. */
    PendingOperation pending(int thread);

    /** Number of choices taken so far in this run. */
    int steps();

    /** Thread stepped by the previous choice, or -1 at the first choice. */
    int lastThread();
}
