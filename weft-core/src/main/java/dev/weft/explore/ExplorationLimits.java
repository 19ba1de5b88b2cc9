package dev.weft.explore;

import java.time.Duration;

/**
 * When an exploration gives up before its strategy runs out of runs.
 *
 * @param maxExecutions runs at most (0 = no limit)
 * @param timeLimit     wall-clock limit, checked between runs (null = none)
 * @param allBugs       keep exploring after the first bug
 */
public record ExplorationLimits(long maxExecutions, Duration timeLimit, boolean allBugs) {
    public static final ExplorationLimits NONE = new ExplorationLimits(0, null, false);
}
