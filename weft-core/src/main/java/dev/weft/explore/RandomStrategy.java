package dev.weft.explore;

import dev.weft.runtime.SchedulePolicy;
import dev.weft.trace.IncompleteReason;
import dev.weft.trace.RunResult;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Uniformly random choice at every scheduling point, for a fixed number of runs. The same seed
 * gives the same runs. Never proves anything: {@link #incompleteReasons()} always says so.
 */
public final class RandomStrategy implements Strategy {
    private static final IncompleteReason SAMPLING = IncompleteReason.of("sampling",
            "random picks runs at random: it never proves that every behaviour was covered");
    private final SplittableRandom seeds;
    private final long runs;
    private long made;

    public RandomStrategy(long seed, long runs) {
        this.seeds = new SplittableRandom(seed);
        this.runs = runs;
    }

    @Override
    public String name() {
        return "random";
    }

    @Override
    public SchedulePolicy nextRun() {
        if (made >= runs) {
            return null;
        }
        made++;
        SplittableRandom random = seeds.split();
        return point -> point.enabled().get(random.nextInt(point.enabled().size()));
    }

    @Override
    public void runFinished(RunResult result) {
        // Runs are independent.
    }

    @Override
    public List<IncompleteReason> incompleteReasons() {
        return List.of(SAMPLING);
    }

    @Override
    public long pending() {
        return runs - made;
    }
}
