package examples.juc;

import java.util.Iterator;
import java.util.List;

/**
 * The same count as ParallelStreamIteratorInCaller's, with sorted() before the iterator: the JDK sorts
 * a parallel stream in parallel, so the map before it runs on pool workers at once and a count is lost.
 */
public class ParallelStreamSortedIteratorCounts {
    public static void main(String[] args) {
        int[] calls = new int[1];
        Iterator<Integer> sorted = List.of(2, 1).parallelStream().map(x -> {
            calls[0]++;
            return x;
        }).sorted().iterator();
        while (sorted.hasNext()) {
            sorted.next();
        }
        if (calls[0] != 2) {
            throw new AssertionError("lost a count: " + calls[0]);
        }
    }
}
