package dev.weft.explore;

import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The run numbers of a sampling strategy (random, pct), handed out one by one to the strategy and
 * the shares split off it, and each run's random source, which depends on the seed and the run's
 * number alone: the same seed gives the same runs on any number of workers.
 */
final class SampledRuns {
    private final long seed;
    private final long runs;
    private final AtomicLong next = new AtomicLong();

    /** @param runs runs to make in all; 0 for no limit of their own */
    SampledRuns(long seed, long runs) {
        this.seed = seed;
        this.runs = runs;
    }

    /** The next run's number, or -1 when all runs were handed out. */
    long claim() {
        long run = next.getAndIncrement();
        return runs > 0 && run >= runs ? -1 : run;
    }

    /** Runs not handed out yet, or -1 without a limit. */
    long remaining() {
        return runs > 0 ? Math.max(0, runs - next.get()) : -1;
    }

    /** Whether another share could still get runs. */
    boolean left() {
        return runs == 0 || next.get() < runs;
    }

    /** One share's view of the random sources: asked in increasing run numbers, as each share claims them. */
    Sources sources() {
        return new Sources(new SplittableRandom(seed));
    }

    /** Run number i's source is the (i+1)-th split of the seed's generator: what one strategy alone drew for its i-th run. */
    static final class Sources {
        private final SplittableRandom root;
        private long position;

        private Sources(SplittableRandom root) {
            this.root = root;
        }

        SplittableRandom of(long run) {
            if (run < position) {
                throw new IllegalArgumentException("run " + run + " asked after run " + (position - 1));
            }
            while (position < run) {
                root.split();
                position++;
            }
            position++;
            return root.split();
        }
    }
}
