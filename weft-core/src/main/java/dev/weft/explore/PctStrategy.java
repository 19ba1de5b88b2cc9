package dev.weft.explore;

import dev.weft.runtime.SchedulePolicy;
import dev.weft.runtime.SchedulingPoint;
import dev.weft.trace.Choice;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.IncompleteReason;
import dev.weft.trace.RunResult;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Probabilistic concurrency testing: each run gives every actor ({@link Actor}: a thread, or under
 * TSO/PSO a store buffer) a random priority, always runs the enabled actor of highest priority, and
 * at d-1 random steps drops the running actor's priority below all others. A bug of depth d (d
 * ordering constraints) is then found by each run with probability at least 1/(n k^(d-1)) for n
 * actors and k steps. The same seed gives the same runs. Never proves anything:
 * {@link #incompleteReasons()} always says so.
 *
 * <p>Implements Burckhardt, Kothari, Musuvathi, Nagarakatte, "A Randomized Scheduler with
 * Probabilistic Guarantees of Finding Bugs", ASPLOS 2010, Section 3 (Algorithm 1). Departures:
 * actors get their initial priority when they are first enabled, since threads are created as
 * the program runs; k is not known in advance but is the longest run seen so far (the first run
 * has no change points; with several workers, the longest run the worker's share has seen, so a
 * run's change points depend on which runs its worker made before it); store buffers are scheduled as actors of their own; a blocking call's way
 * to return (timeout, interrupt) is drawn at random, and spurious wake-ups are never taken.
 */
public final class PctStrategy implements Strategy {
    private static final IncompleteReason SAMPLING = IncompleteReason.of("sampling",
            "pct picks runs at random (with a bug-depth guarantee of probability only): it never proves that every behaviour was covered");
    private final MemoryModel model;
    private final SampledRuns runs;
    private final SampledRuns.Sources sources;
    private final int depth;
    /** The strategy itself, not a share split off it: it alone gives the reason, once. */
    private final boolean first;
    private int longestRun;

    /**
     * @param depth the bug depth d the runs target (at least 1)
     * @param runs  runs to make; 0 for no limit of its own (the exploration's limits end it)
     */
    public PctStrategy(MemoryModel model, long seed, int depth, long runs) {
        if (depth < 1) {
            throw new IllegalArgumentException("bug depth must be at least 1, got " + depth);
        }
        this.model = model;
        this.runs = new SampledRuns(seed, runs);
        this.sources = this.runs.sources();
        this.depth = depth;
        this.first = true;
    }

    private PctStrategy(PctStrategy sharing) {
        this.model = sharing.model;
        this.runs = sharing.runs;
        this.sources = runs.sources();
        this.depth = sharing.depth;
        this.first = false;
        this.longestRun = sharing.longestRun;
    }

    @Override
    public String name() {
        return "pct";
    }

    @Override
    public SchedulePolicy nextRun() {
        long run = runs.claim();
        if (run < 0) {
            return null;
        }
        SplittableRandom random = sources.of(run);
        int[] changePoints = new int[depth - 1];
        for (int i = 0; i < changePoints.length; i++) {
            changePoints[i] = longestRun > 0 ? 1 + random.nextInt(longestRun) : -1;
        }
        return new Run(random, changePoints)::choose;
    }

    /** One run's priorities. */
    private final class Run {
        private final SplittableRandom random;
        /** changePoints[i]: the step (from 1) at which the running actor drops to priority i + 1. */
        private final int[] changePoints;
        private final Map<Actor, Double> priorities = new HashMap<>();

        Run(SplittableRandom random, int[] changePoints) {
            this.random = random;
            this.changePoints = changePoints;
        }

        Choice choose(SchedulingPoint point) {
            for (Choice c : point.enabled()) {
                // Initial priorities lie in [d, d+1), above every lowered priority 1 .. d-1.
                priorities.computeIfAbsent(Actor.of(c, model), a -> depth + random.nextDouble());
            }
            Choice best = highest(point);
            int step = point.steps() + 1;
            for (int i = 0; i < changePoints.length; i++) {
                if (changePoints[i] == step) {
                    priorities.put(Actor.of(best, model), (double) (i + 1));
                    best = highest(point);
                }
            }
            return best;
        }

        /**
         * The actor of highest priority, and of its steps a random one (a blocking call's ways to
         * return). Spurious wake-ups are left out: an actor of high priority would otherwise wake
         * spuriously at every chance, and the paper's priorities know nothing of them.
         */
        private Choice highest(SchedulingPoint point) {
            Actor best = null;
            double bestPriority = Double.NEGATIVE_INFINITY;
            for (Choice c : point.enabled()) {
                double p = priorities.get(Actor.of(c, model));
                if (!c.isSpurious() && p > bestPriority) {
                    best = Actor.of(c, model);
                    bestPriority = p;
                }
            }
            Actor chosen = best;
            List<Choice> ways = point.enabled().stream().filter(c -> !c.isSpurious() && Actor.of(c, model).equals(chosen)).toList();
            return ways.size() == 1 ? ways.get(0) : ways.get(random.nextInt(ways.size()));
        }
    }

    @Override
    public void runFinished(RunResult result) {
        longestRun = Math.max(longestRun, result.schedule().size());
    }

    /** Another taker of the same run numbers, knowing the longest run this share has seen. */
    @Override
    public Strategy split() {
        return runs.left() ? new PctStrategy(this) : null;
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
