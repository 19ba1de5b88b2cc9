package examples.juc;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Sorts a parallel stream, then collects with forEach into a synchronized list, taking the sort for an
 * order: forEach on a parallel stream runs the parts in any order (forEachOrdered would not).
 */
public class ParallelStreamSortedForEach {
    public static void main(String[] args) {
        List<Integer> seen = Collections.synchronizedList(new ArrayList<>());
        List.of(2, 1).parallelStream().sorted().forEach(seen::add);
        if (!seen.equals(List.of(1, 2))) {
            throw new AssertionError("forEach ignored the sort: " + seen);
        }
    }
}
