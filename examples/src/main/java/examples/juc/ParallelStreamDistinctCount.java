package examples.juc;

import java.util.List;

/** distinct on a parallel stream after a map that makes duplicates: the count is the number of distinct values. */
public class ParallelStreamDistinctCount {
    public static void main(String[] args) {
        long distinct = List.of(1, 2, 3).parallelStream().map(x -> x / 2).distinct().count();
        if (distinct != 2) {
            throw new AssertionError("distinct values: " + distinct);
        }
    }
}
