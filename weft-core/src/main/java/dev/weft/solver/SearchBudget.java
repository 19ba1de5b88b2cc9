package dev.weft.solver;

import java.util.function.BooleanSupplier;

/** One check's limits: conflicts, the deadline and the caller's stop, and why the search gave up. */
final class SearchBudget {

    /** Decisions between two looks at the clock; small because a repair scan can cost milliseconds. */
    private static final int CLOCK_INTERVAL = 16;

    private long conflictBudget;
    private long deadline;
    private BooleanSupplier stop = QueryLimits.NONE.stop();
    private long conflicts;
    private int clock;
    private String stopReason;

    void start(QueryLimits limits, long startNanos) {
        conflictBudget = limits.steps() > 0 ? limits.steps() : Long.MAX_VALUE;
        stop = limits.stop();
        deadline = limits.millis() > 0 ? startNanos + limits.millis() * 1_000_000 : Long.MAX_VALUE;
        conflicts = 0;
        stopReason = null;
    }

    void conflict() {
        conflicts++;
    }

    long conflicts() {
        return conflicts;
    }

    /** Asked at every decision; looks at the clock and the stop only every few decisions. */
    boolean exhaustedAtDecision() {
        return ++clock % CLOCK_INTERVAL == 0 && exhausted();
    }

    boolean exhausted() {
        if (conflicts >= conflictBudget) {
            stopReason = "step limit: " + conflicts + " conflicts";
            return true;
        }
        if (deadline != Long.MAX_VALUE && System.nanoTime() >= deadline) {
            stopReason = "time limit reached after " + conflicts + " conflicts";
            return true;
        }
        if (stop.getAsBoolean()) {
            stopReason = "stopped by the caller after " + conflicts + " conflicts";
            return true;
        }
        return false;
    }

    String stopReason() {
        return stopReason;
    }
}
