package dev.weft.runtime;

import dev.weft.trace.MemoryModel;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * How the controlled runtime performs each run.
 *
 * @param memoryModel     SC, or TSO/PSO with store buffers whose flushes are scheduling choices
 * @param stepBound       a run that takes more scheduling choices than this is a livelock
 * @param stuckTimeout    wall-clock time (up to an eighth more: progress is sampled) after which a thread that
 *                        neither reaches a scheduling point nor finishes is reported (an endless local loop, or
 *                        blocking inside code Weft does not control)
 * @param loopBound       how many iterations in a row a loop may repeat its previous iteration's shared-memory
 *                        steps exactly, changing only its own locals, before the run is cut ({@link LoopWatch});
 *                        a cut run makes the exploration incomplete
 * @param spuriousWakeups whether {@code Object.wait}, the {@code Condition.await} family and
 *                        {@code LockSupport.park} may return without a notify, signal or permit, as their
 *                        contracts allow (JLS 17.2.1): a scheduling choice wherever the thread could re-take its lock
 * @param stop            asked while a run is in progress (the exploration's deadline): once it holds, the run is
 *                        ended from outside with status {@link dev.weft.trace.RunResult.Status#STOPPED}, within
 *                        about 50 ms plus the time its running thread takes to reach its next hook
 * @param instrumentedJdk the JDK classes whose code runs instrumented ({@code --instrument-jdk}: the entries of
 *                        {@code dev.weft.instrument.JdkClasses}, binary names): calls on their objects are no events
 *                        of their own, the field and array accesses inside the calls are
 * @param inputs          values given to program inputs ({@code --input NAME=VALUE}, a schedule file's inputs) by
 *                        name; an input neither the run's policy ({@link SchedulePolicy#inputs}) nor this names
 *                        takes its minimum
 */
public record RunConfig(MemoryModel memoryModel, long stepBound, Duration stuckTimeout, int loopBound,
                        boolean spuriousWakeups, BooleanSupplier stop, Set<String> instrumentedJdk, Map<String, Long> inputs) {
    /** The default loop bound: a retry loop of up to ten rounds runs as written. */
    public static final int LOOP_BOUND = 10;
    /** Whether runs allow spurious wake-ups unless told otherwise ({@code --no-spurious-wakeups}, {@code @WeftTest(spuriousWakeups = false)}). */
    public static final boolean SPURIOUS_WAKEUPS = true;
    private static final BooleanSupplier NEVER = () -> false;

    public RunConfig {
        Objects.requireNonNull(memoryModel, "memoryModel");
        Objects.requireNonNull(stuckTimeout, "stuckTimeout");
        Objects.requireNonNull(stop, "stop");
        instrumentedJdk = Set.copyOf(instrumentedJdk);
        inputs = Map.copyOf(inputs);
        if (stepBound < 1 || stuckTimeout.isNegative() || stuckTimeout.isZero()) {
            throw new IllegalArgumentException("step bound and stuck timeout must be positive");
        }
        if (loopBound < 1) {
            throw new IllegalArgumentException("the loop bound must be positive, got " + loopBound);
        }
    }

    /** Defaults: 1,000,000 steps (ten times the 10^5 shared accesses a run must handle), 10 s stuck timeout, loop bound 10, {@link #SPURIOUS_WAKEUPS}, no stop. */
    public static RunConfig of(MemoryModel memoryModel) {
        return new RunConfig(memoryModel, 1_000_000, Duration.ofSeconds(10), LOOP_BOUND, SPURIOUS_WAKEUPS, NEVER, Set.of(), Map.of());
    }

    public RunConfig withMemoryModel(MemoryModel model) {
        return new RunConfig(model, stepBound, stuckTimeout, loopBound, spuriousWakeups, stop, instrumentedJdk, inputs);
    }

    public RunConfig withStepBound(long bound) {
        return new RunConfig(memoryModel, bound, stuckTimeout, loopBound, spuriousWakeups, stop, instrumentedJdk, inputs);
    }

    public RunConfig withStuckTimeout(Duration timeout) {
        return new RunConfig(memoryModel, stepBound, timeout, loopBound, spuriousWakeups, stop, instrumentedJdk, inputs);
    }

    public RunConfig withLoopBound(int bound) {
        return new RunConfig(memoryModel, stepBound, stuckTimeout, bound, spuriousWakeups, stop, instrumentedJdk, inputs);
    }

    public RunConfig withSpuriousWakeups(boolean spurious) {
        return new RunConfig(memoryModel, stepBound, stuckTimeout, loopBound, spurious, stop, instrumentedJdk, inputs);
    }

    /** These settings, with the code of these JDK classes instrumented (entries of {@code JdkClasses}). */
    public RunConfig withInstrumentedJdk(Set<String> classes) {
        return new RunConfig(memoryModel, stepBound, stuckTimeout, loopBound, spuriousWakeups, stop, classes, inputs);
    }

    /** These settings, with these values given to the program's inputs (by name). */
    public RunConfig withInputs(Map<String, Long> given) {
        return new RunConfig(memoryModel, stepBound, stuckTimeout, loopBound, spuriousWakeups, stop, instrumentedJdk, given);
    }

    /** These settings, with runs ended from outside once {@code stop} holds. */
    public RunConfig withStop(BooleanSupplier stop) {
        return new RunConfig(memoryModel, stepBound, stuckTimeout, loopBound, spuriousWakeups, stop, instrumentedJdk, inputs);
    }
}
