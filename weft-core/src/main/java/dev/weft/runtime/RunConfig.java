package dev.weft.runtime;

import dev.weft.trace.MemoryModel;
import java.time.Duration;
import java.util.Objects;

/**
 * How the controlled runtime performs each run.
 *
 * @param memoryModel  SC, or TSO/PSO with store buffers whose flushes are scheduling choices
 * @param stepBound    a run that takes more scheduling choices than this is a livelock
 * @param stuckTimeout wall-clock time (up to an eighth more: progress is sampled) after which a thread that
 *                     neither reaches a scheduling point nor finishes is reported (an endless local loop, or
 *                     blocking inside code Weft does not control)
 * @param loopBound    how many iterations in a row a loop may repeat its previous iteration's shared-memory
 *                     steps exactly, changing only its own locals, before the run is cut ({@link LoopWatch});
 *                     a cut run makes the exploration incomplete
 */
public record RunConfig(MemoryModel memoryModel, long stepBound, Duration stuckTimeout, int loopBound) {
    /** The default loop bound: a retry loop of up to ten rounds runs as written. */
    public static final int LOOP_BOUND = 10;

    public RunConfig {
        Objects.requireNonNull(memoryModel, "memoryModel");
        Objects.requireNonNull(stuckTimeout, "stuckTimeout");
        if (stepBound < 1 || stuckTimeout.isNegative() || stuckTimeout.isZero()) {
            throw new IllegalArgumentException("step bound and stuck timeout must be positive");
        }
        if (loopBound < 1) {
            throw new IllegalArgumentException("the loop bound must be positive, got " + loopBound);
        }
    }

    /** Defaults: 1,000,000 steps (ten times the 10^5 shared accesses a run must handle), 10 s stuck timeout, loop bound 10. */
    public static RunConfig of(MemoryModel memoryModel) {
        return new RunConfig(memoryModel, 1_000_000, Duration.ofSeconds(10), LOOP_BOUND);
    }

    public RunConfig withStepBound(long bound) {
        return new RunConfig(memoryModel, bound, stuckTimeout, loopBound);
    }

    public RunConfig withStuckTimeout(Duration timeout) {
        return new RunConfig(memoryModel, stepBound, timeout, loopBound);
    }

    public RunConfig withLoopBound(int bound) {
        return new RunConfig(memoryModel, stepBound, stuckTimeout, bound);
    }
}
