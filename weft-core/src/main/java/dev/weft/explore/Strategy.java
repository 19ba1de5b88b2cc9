package dev.weft.explore;

import dev.weft.runtime.SchedulePolicy;
import dev.weft.trace.RunResult;

/**
 * An exploration strategy: decides which runs to make, one at a time. The {@link Explorer} asks
 * for a policy, performs the run with it, and reports the result back, until the strategy has no
 * run left, a limit is reached or (without {@code --all-bugs}) a bug is found.
 */
public interface Strategy {

    /** The name used on the command line and in the JSON summary ("mcr", "dfs" ...). */
    String name();

    /** The policy for the next run, or null when the strategy has nothing left to explore. */
    SchedulePolicy nextRun();

    /** The result of the run made with the policy {@link #nextRun()} last returned. */
    void runFinished(RunResult result);

    /**
     * When the exploration's time is up, as a {@link System#nanoTime()} value: a strategy that works
     * between runs (MCR's solving) stops there and counts itself incomplete.
     */
    default void stopWorkingAt(long nanoTime) {
    }

    /** True when running out of runs ({@link #nextRun()} returning null) proves every behaviour was covered. */
    boolean exhaustive();

    /** Runs known to be still to do (seeds, open branches), or -1 when the strategy cannot tell. For progress output. */
    default long pending() {
        return -1;
    }

    /** Seconds spent in constraint solving so far (0 for strategies without a solver). */
    default double solverSeconds() {
        return 0;
    }
}
