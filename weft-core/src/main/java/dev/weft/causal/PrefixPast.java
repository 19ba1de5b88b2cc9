package dev.weft.causal;

import java.util.function.IntUnaryOperator;

/**
 * What must come before the cut with an event that comes before it: must-happen-before, plus, for
 * each read that only one write can give its trace value, that write's visibility (a read before
 * the cut returns its trace value). Vector clocks over the chains of {@link MustHappenBefore}.
 *
 * <p>Beyond the papers: with it a lazily encoded model drops new-value queries that cannot hold
 * (the target read would have to precede its own write, or the write it reads would be overwritten
 * inside the prefix) without asking the solver, so that a long trace with contention does not turn
 * into millions of solver calls.
 */
final class PrefixPast {
    private final MustHappenBefore mhb;
    private final int[][] clocks;

    /** @param onlySource for each event, the visibility event of the only write that can give a read its trace value, else -1 */
    PrefixPast(MustHappenBefore mhb, int size, IntUnaryOperator onlySource) {
        this.mhb = mhb;
        this.clocks = new int[size][];
        for (int e = 0; e < size; e++) {
            int[] clock = new int[mhb.chainCount()];
            for (int p : mhb.predecessors(e)) {
                join(clock, clocks[p]);
            }
            int source = onlySource.applyAsInt(e);
            // A value read in the trace was written earlier in it; anything else is not the trace's own write.
            if (source >= 0 && source < e) {
                join(clock, clocks[source]);
            }
            clock[mhb.chainOf(e)] = mhb.positionInChain(e);
            clocks[e] = clock;
        }
    }

    /** The past of {@code event}, itself included. */
    int[] of(int event) {
        return clocks[event];
    }

    /** The union of the pasts of {@code events}. */
    int[] ofAll(int[] events) {
        int[] clock = new int[mhb.chainCount()];
        for (int e : events) {
            join(clock, clocks[e]);
        }
        return clock;
    }

    /** Whether {@code event} belongs to {@code past}. */
    boolean contains(int[] past, int event) {
        return past[mhb.chainOf(event)] >= mhb.positionInChain(event);
    }

    private static void join(int[] into, int[] other) {
        for (int c = 0; c < into.length; c++) {
            into[c] = Math.max(into[c], other[c]);
        }
    }
}
