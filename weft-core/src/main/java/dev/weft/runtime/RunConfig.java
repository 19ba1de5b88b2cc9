package dev.weft.runtime;

import dev.weft.trace.MemoryModel;
import java.time.Duration;
import java.util.Objects;

/**
 * How the controlled runtime performs each run.
 *
 * @param memoryModel     SC, or TSO/PSO with store buffers whose flushes are scheduling choices
 * @param stepBound       a run that takes more scheduling choices than this is a livelock
 * @param stuckTimeout    wall-clock time (up to an eighth more: progress is sampled) after which a thread that
 *                        neither reaches a scheduling point nor finishes is reported (an endless local loop, or
 *                        blocking inside code Weft does not control)
 * @param spuriousWakeups whether {@code Object.wait}, the {@code Condition.await} family and
 *                        {@code LockSupport.park} may return without a notify, signal or permit, as their
 *                        contracts allow (JLS 17.2.1): a scheduling choice wherever the thread could re-take its lock
 */
public record RunConfig(MemoryModel memoryModel, long stepBound, Duration stuckTimeout, boolean spuriousWakeups) {
    /** Whether runs allow spurious wake-ups unless told otherwise ({@code --no-spurious-wakeups}, {@code @WeftTest(spuriousWakeups = false)}). */
    public static final boolean SPURIOUS_WAKEUPS = false;

    public RunConfig {
        Objects.requireNonNull(memoryModel, "memoryModel");
        Objects.requireNonNull(stuckTimeout, "stuckTimeout");
        if (stepBound < 1 || stuckTimeout.isNegative() || stuckTimeout.isZero()) {
            throw new IllegalArgumentException("step bound and stuck timeout must be positive");
        }
    }

    /** Defaults: 1,000,000 steps (ten times the 10^5 shared accesses a run must handle), 10 s stuck timeout, {@link #SPURIOUS_WAKEUPS}. */
    public static RunConfig of(MemoryModel memoryModel) {
        return new RunConfig(memoryModel, 1_000_000, Duration.ofSeconds(10), SPURIOUS_WAKEUPS);
    }

    public RunConfig withStepBound(long bound) {
        return new RunConfig(memoryModel, bound, stuckTimeout, spuriousWakeups);
    }

    public RunConfig withStuckTimeout(Duration timeout) {
        return new RunConfig(memoryModel, stepBound, timeout, spuriousWakeups);
    }

    public RunConfig withSpuriousWakeups(boolean spurious) {
        return new RunConfig(memoryModel, stepBound, stuckTimeout, spurious);
    }
}
