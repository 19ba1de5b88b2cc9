package examples.juc;

import java.util.ArrayList;
import java.util.List;

/**
 * sequential() switches the whole pipeline, the map before it too: the JDK runs it on the calling
 * thread, one element after another, so a plain list the map adds to holds every element in order.
 */
public class ParallelStreamSequentialSwitch {
    public static void main(String[] args) {
        List<Integer> mapped = new ArrayList<>();
        List<Integer> doubled = List.of(1, 2, 3).parallelStream().map(x -> {
            mapped.add(x);
            return x * 2;
        }).sequential().toList();
        if (!mapped.equals(List.of(1, 2, 3)) || !doubled.equals(List.of(2, 4, 6))) {
            throw new AssertionError("mapped " + mapped + ", doubled " + doubled);
        }
    }
}
