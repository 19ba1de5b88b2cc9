package examples.juc;

import java.util.stream.IntStream;

/** The same sum as ParallelStreamSharedSum with sum(): each part sums its own elements. */
public class ParallelStreamSum {
    public static void main(String[] args) {
        int total = IntStream.rangeClosed(1, 2).parallel().map(i -> i * i).sum();
        if (total != 5) {
            throw new AssertionError("sum " + total);
        }
    }
}
