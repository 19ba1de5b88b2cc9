package examples.juc;

import java.util.stream.IntStream;

/** A parallel IntStream adds each element into one shared array cell: an addition is lost. */
public class ParallelStreamSharedSum {
    public static void main(String[] args) {
        int[] total = new int[1];
        IntStream.range(1, 3).parallel().forEach(i -> total[0] += i);
        if (total[0] != 3) {
            throw new AssertionError("lost an addition: " + total[0]);
        }
    }
}
