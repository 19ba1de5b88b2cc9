package examples.juc;

import java.util.List;

/** A parallel stream mapped, then sorted: toList keeps the sorted order, whichever part finished first. */
public class ParallelStreamSortedToList {
    public static void main(String[] args) {
        List<Integer> sorted = List.of(2, 1).parallelStream().map(x -> x * 10).sorted().toList();
        if (!sorted.equals(List.of(10, 20))) {
            throw new AssertionError("not sorted: " + sorted);
        }
    }
}
