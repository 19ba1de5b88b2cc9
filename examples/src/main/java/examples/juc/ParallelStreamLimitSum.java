package examples.juc;

import java.util.stream.IntStream;

/** limit on a parallel stream keeps the first elements in encounter order, whichever part ran first. */
public class ParallelStreamLimitSum {
    public static void main(String[] args) {
        int sum = IntStream.range(1, 4).parallel().limit(2).map(x -> x * 10).sum();
        if (sum != 30) {
            throw new AssertionError("limit kept the wrong elements: " + sum);
        }
    }
}
