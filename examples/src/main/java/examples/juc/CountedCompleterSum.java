package examples.juc;

import java.util.concurrent.CountedCompleter;

/**
 * A CountedCompleter sum in the JDK's documented shape: a task with two halves sets its pending count
 * to 1, forks the left half and computes the right; the half that completes second runs the parent's
 * onCompletion, which adds the halves.
 */
public class CountedCompleterSum {
    static final class Sum extends CountedCompleter<Integer> {
        private final int[] values;
        private final int lo;
        private final int hi;
        /** The pending count a task with two halves sets before it forks: 1 (CountedCompleterPendingNotSet passes 0). */
        private final int pendingForTwoHalves;
        private Sum left;
        private Sum right;
        private int result;

        Sum(CountedCompleter<?> parent, int[] values, int lo, int hi, int pendingForTwoHalves) {
            super(parent);
            this.values = values;
            this.lo = lo;
            this.hi = hi;
            this.pendingForTwoHalves = pendingForTwoHalves;
        }

        @Override
        public void compute() {
            if (hi - lo > 1) {
                int mid = (lo + hi) >>> 1;
                left = new Sum(this, values, lo, mid, pendingForTwoHalves);
                right = new Sum(this, values, mid, hi, pendingForTwoHalves);
                setPendingCount(pendingForTwoHalves);
                left.fork();
                right.compute();
            } else {
                result = values[lo];
                tryComplete();
            }
        }

        @Override
        public void onCompletion(CountedCompleter<?> caller) {
            if (left != null) {
                result = left.result + right.result;
            }
        }

        @Override
        public Integer getRawResult() {
            return result;
        }
    }

    public static void main(String[] args) {
        int sum = new Sum(null, new int[] {1, 2}, 0, 2, 1).invoke();
        if (sum != 3) {
            throw new AssertionError("sum " + sum);
        }
    }
}
