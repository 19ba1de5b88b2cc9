package examples.juc;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;

/** A RecursiveTask sum: each half returns its sum, the left half forked, the right computed here. */
public class ForkJoinRecursiveSum {
    static final class Sum extends RecursiveTask<Integer> {
        private final int[] values;
        private final int from;
        private final int to;

        Sum(int[] values, int from, int to) {
            this.values = values;
            this.from = from;
            this.to = to;
        }

        @Override
        protected Integer compute() {
            if (to - from <= 1) {
                return values[from];
            }
            int middle = (from + to) / 2;
            Sum left = new Sum(values, from, middle);
            left.fork();
            int right = new Sum(values, middle, to).compute();
            return left.join() + right;
        }
    }

    public static void main(String[] args) {
        int[] values = {1, 2};
        int sum = ForkJoinPool.commonPool().invoke(new Sum(values, 0, values.length));
        if (sum != 3) {
            throw new AssertionError("sum " + sum);
        }
    }
}
