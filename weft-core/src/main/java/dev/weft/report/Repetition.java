package dev.weft.report;

/**
 * Consecutive repetition of a block in a sequence (a loop's events in a trace, a recursion's frames in
 * a stack trace), so that reports can show the block once and say how often it came again instead of
 * printing it a million times. Greedy from left to right; blocks of at most {@link #MAX_PERIOD} items.
 */
final class Repetition {
    static final int MAX_PERIOD = 16;

    /** Whether the items at two positions count as the same (for events: one thread, operation and place, values aside). */
    interface Same {
        boolean same(int i, int j);
    }

    /**
     * A block of {@code period} items followed by {@code times} more copies of it.
     *
     * @param period the block's length
     * @param times  copies after the first one
     */
    record Fold(int period, int times) {
        /** Items the folded copies cover (the first copy, shown, not counted). */
        int folded() {
            return period * times;
        }
    }

    private Repetition() {
    }

    /**
     * The longest repetition starting at {@code start} of the {@code n} items, or null when there is
     * none worth folding: at least {@code minTimes} more copies covering at least {@code minFolded}
     * items. Among blocks that fold equally many items the shortest wins.
     */
    static Fold at(int start, int n, Same same, int minTimes, int minFolded) {
        Fold best = null;
        for (int period = 1; period <= MAX_PERIOD && start + 2 * period <= n; period++) {
            int times = copies(start, period, n, same);
            if (times >= minTimes && period * times >= minFolded && (best == null || period * times > best.folded())) {
                best = new Fold(period, times);
            }
        }
        return best;
    }

    /** How many whole copies of the block {@code [start, start + period)} follow it. */
    private static int copies(int start, int period, int n, Same same) {
        int times = 0;
        int next = start + period;
        while (next + period <= n && sameBlock(start, next, period, same)) {
            times++;
            next += period;
        }
        return times;
    }

    private static boolean sameBlock(int first, int other, int period, Same same) {
        for (int k = 0; k < period; k++) {
            if (!same.same(first + k, other + k)) {
                return false;
            }
        }
        return true;
    }
}
