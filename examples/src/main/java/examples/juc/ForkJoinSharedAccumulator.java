package examples.juc;

import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveAction;

/** A RecursiveAction that adds each leaf into one shared field: two leaves' additions race and one is lost. */
public class ForkJoinSharedAccumulator {
    private static int total;

    static final class AddAll extends RecursiveAction {
        private final int[] values;
        private final int from;
        private final int to;

        AddAll(int[] values, int from, int to) {
            this.values = values;
            this.from = from;
            this.to = to;
        }

        @Override
        protected void compute() {
            if (to - from <= 1) {
                total += values[from];
                return;
            }
            int middle = (from + to) / 2;
            invokeAll(new AddAll(values, from, middle), new AddAll(values, middle, to));
        }
    }

    public static void main(String[] args) {
        int[] values = {1, 2, 3};
        ForkJoinPool pool = new ForkJoinPool(2);
        pool.invoke(new AddAll(values, 0, values.length));
        pool.shutdown();
        if (total != 6) {
            throw new AssertionError("lost an addition: " + total);
        }
    }
}
