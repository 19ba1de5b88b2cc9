package dev.weft.runtime;

import dev.weft.trace.MemoryModel;
import java.time.Duration;
import java.util.Objects;

/**
 * How the controlled runtime performs each run.
 *
 * @param memoryModel  SC, or TSO/PSO with store buffers whose flushes are scheduling choices
 * @param stepBound    a run that takes more scheduling choices than this is a livelock
 * @param stuckTimeout wall-clock time after which a thread that neither reaches a scheduling point
 *                     nor finishes is reported (an endless local loop, or blocking inside code Weft does not control)
 * @param spinBound    how often a thread may re-read the same location at the same place and see the same
 *                     value, without writing anything in between, before it counts as spinning and is
 *                     blocked until another thread writes one of the locations it reads
 */
public record RunConfig(MemoryModel memoryModel, long stepBound, Duration stuckTimeout, int spinBound) {

    public RunConfig {
        Objects.requireNonNull(memoryModel, "memoryModel");
        Objects.requireNonNull(stuckTimeout, "stuckTimeout");
        if (stepBound < 1 || spinBound < 1 || stuckTimeout.isNegative() || stuckTimeout.isZero()) {
            throw new IllegalArgumentException("step bound, spin bound and stuck timeout must be positive");
        }
    }

    /** Defaults: 100,000 steps, 10 s stuck timeout, spin bound 2. */
    public static RunConfig of(MemoryModel memoryModel) {
        return new RunConfig(memoryModel, 100_000, Duration.ofSeconds(10), 2);
    }

    public RunConfig withStepBound(long bound) {
        return new RunConfig(memoryModel, bound, stuckTimeout, spinBound);
    }

    public RunConfig withStuckTimeout(Duration timeout) {
        return new RunConfig(memoryModel, stepBound, timeout, spinBound);
    }

    public RunConfig withSpinBound(int bound) {
        return new RunConfig(memoryModel, stepBound, stuckTimeout, bound);
    }
}
