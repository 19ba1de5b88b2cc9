package dev.weft.explore;

import dev.weft.runtime.SchedulePolicy;
import dev.weft.trace.IncompleteReason;
import dev.weft.trace.RunResult;
import java.util.List;
import java.util.Map;

/**
 * An exploration strategy: decides which runs to make, one at a time. The {@link Explorer} asks
 * for a policy, performs the run with it, and reports the result back, until the strategy has no
 * run left, a limit is reached or (without {@code --all-bugs}) a bug is found.
 *
 * <p>Completeness has one source of truth, {@link #incompleteReasons()}: running out of runs proves
 * every behaviour covered exactly when the strategy gives no reason against it (and no run gave
 * one: {@link RunResult#incompleteReasons()}, which the explorer collects itself).
 */
public interface Strategy {

    /** The name used on the command line and in the JSON summary ("mcr", "dfs" ...). */
    String name();

    /** The policy for the next run, or null when the strategy has nothing left to explore. */
    SchedulePolicy nextRun();

    /**
     * The result of the run made with the policy {@link #nextRun()} last returned. Runs that stand for
     * nothing ({@link RunResult.Status#STOPPED}) are not reported.
     */
    void runFinished(RunResult result);

    /**
     * The exploration's deadline: a strategy that works between runs (MCR's solving) stops working
     * when it passes, gives the deadline's {@link Deadline#bound bound} to its solver queries, and
     * gives a reason for what it left undone.
     */
    default void stopWorkingAt(Deadline deadline) {
    }

    /**
     * Why running out of runs ({@link #nextRun()} returning null) would not prove every behaviour
     * covered, as things stand: empty for an exhaustive strategy that has cut and left undecided
     * nothing so far. A strategy that is not exhaustive by design (random sampling) always gives
     * one; one that cut something (a preemption bound) or could not decide something (a solver
     * query that hit its limit) gives a reason for each kind, with how often it happened.
     */
    List<IncompleteReason> incompleteReasons();

    /**
     * Splits off a share of the runs still to do, as a strategy of its own that another worker runs at
     * the same time as this one ({@link Explorer} with more than one worker); null when this strategy
     * cannot or need not share (its default: it then runs on one worker). Called between runs, after
     * {@link #nextRun()} and on this strategy's own thread. Between them, this strategy and its share
     * (and shares split off either later) make the runs this strategy alone would have made, up to
     * repeats that the strategy's design admits; a share's {@link #incompleteReasons()} count only
     * what that share cut or left undecided.
     */
    default Strategy split() {
        return null;
    }

    /**
     * Runs that repeated an earlier run's read state and that the strategy's design admits, of this
     * strategy and every share split off it: mcr's shares on several workers can run seeds for one
     * state at the same time, before either knows of the other's run. 0 for a strategy that does not count them.
     */
    default long repeatedRuns() {
        return 0;
    }

    /**
     * Whether the strategy chooses the program's inputs ({@code dev.weft.Weft.input}) so as to cover
     * every value that matters; the others run with one value per input, and the explorer says so
     * ({@code inputs-fixed}) for a program that reads any.
     */
    default boolean exploresInputs() {
        return false;
    }

    /** Runs known to be still to do (seeds, open branches), or -1 when the strategy cannot tell. For progress output. */
    default long pending() {
        return -1;
    }

    /**
     * The strategy's own counts for the summary, by camel-case name in the order to show them (mpc: paths explored,
     * infeasible prefixes ...); empty for most strategies.
     */
    default Map<String, Long> counts() {
        return Map.of();
    }

    /** Seconds spent in constraint solving so far (0 for strategies without a solver). */
    default double solverSeconds() {
        return 0;
    }
}
