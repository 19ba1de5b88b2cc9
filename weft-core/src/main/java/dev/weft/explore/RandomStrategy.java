package dev.weft.explore;

import dev.weft.runtime.SchedulePolicy;
import dev.weft.trace.IncompleteReason;
import dev.weft.trace.RunResult;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Uniformly random choice at every scheduling point, for a fixed number of runs. The same seed
 * gives the same runs, on any number of workers ({@link SampledRuns}). Never proves anything: {@link #incompleteReasons()} always says so.
 */
public final class RandomStrategy implements Strategy {
    private static final IncompleteReason SAMPLING = IncompleteReason.of("sampling",
            "random picks runs at random: it never proves that every behaviour was covered");
    private final SampledRuns runs;
    private final SampledRuns.Sources sources;
    /** The strategy itself, not a share split off it: it alone gives the reason, once. */
    private final boolean first;

    public RandomStrategy(long seed, long runs) {
        this(new SampledRuns(seed, runs), true);
    }

    private RandomStrategy(SampledRuns runs, boolean first) {
        this.runs = runs;
        this.sources = runs.sources();
        this.first = first;
    }

    @Override
    public String name() {
        return "random";
    }

    @Override
    public SchedulePolicy nextRun() {
        long run = runs.claim();
        if (run < 0) {
            return null;
        }
        SplittableRandom random = sources.of(run);
        return point -> point.enabled().get(random.nextInt(point.enabled().size()));
    }

    @Override
    public void runFinished(RunResult result) {
        // Runs are independent.
    }

    /** Another taker of the same run numbers. */
    @Override
    public Strategy split() {
        return runs.left() ? new RandomStrategy(runs, false) : null;
    }

    @Override
    public List<IncompleteReason> incompleteReasons() {
        return first ? List.of(SAMPLING) : List.of();
    }

    @Override
    public long pending() {
        return runs.remaining();
    }
}
