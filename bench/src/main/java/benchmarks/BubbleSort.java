package benchmarks;

import java.util.Arrays;

/**
 * Bug (the papers' "BubbleSort"): two threads bubble-sort one shared array without a lock; swaps
 * of overlapping neighbour pairs interleave, duplicating one element and losing another, so the
 * result is not a sorted permutation of the input (AssertionError).
 */
public class BubbleSort {
    static class Sorter {
        void sort(int[] values) {
            for (int pass = 1; pass < values.length; pass++) {
                for (int i = 0; i + pass < values.length; i++) {
                    if (values[i] > values[i + 1]) {
                        int larger = values[i];
                        values[i] = values[i + 1];
                        values[i + 1] = larger;
                    }
                }
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        check(new Sorter());
    }

    static void check(Sorter sorter) throws InterruptedException {
        int[] shared = {3, 2, 1};
        Thread first = new Thread(() -> sorter.sort(shared));
        Thread second = new Thread(() -> sorter.sort(shared));
        first.start();
        second.start();
        first.join();
        second.join();
        // Copy with instrumented reads: main's verdict must depend on reads the checker sees.
        int[] result = {shared[0], shared[1], shared[2]};
        if (!Arrays.equals(result, new int[] {1, 2, 3})) {
            throw new AssertionError("sorted [3, 2, 1] into " + Arrays.toString(result));
        }
    }
}
