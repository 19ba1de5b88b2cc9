package examples.juc;

import java.util.concurrent.CountedCompleter;

/**
 * CountedCompleterSum without its setPendingCount(1): the pending count stays 0, so the half that
 * completes first runs the parent's onCompletion, and completes the root, before the other half has
 * its result.
 */
public class CountedCompleterPendingNotSet {
    static final class Sum extends CountedCompleter<Integer> {
        private final int[] values;
        private final int lo;
        private final int hi;
        private Sum left;
        private Sum right;
        private int result;

        Sum(CountedCompleter<?> parent, int[] values, int lo, int hi) {
            super(parent);
            this.values = values;
            this.lo = lo;
            this.hi = hi;
        }

        @Override
        public void compute() {
            if (hi - lo > 1) {
                int mid = (lo + hi) >>> 1;
                left = new Sum(this, values, lo, mid);
                right = new Sum(this, values, mid, hi);
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
        int sum = new Sum(null, new int[] {1, 2}, 0, 2).invoke();
        if (sum != 3) {
            throw new AssertionError("sum " + sum);
        }
    }
}
