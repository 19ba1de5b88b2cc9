package examples.juc;

import java.util.ArrayList;
import java.util.List;

/** forEach of a parallel stream adds to a plain ArrayList from several threads: an add is lost (or throws). */
public class ParallelStreamIntoArrayList {
    public static void main(String[] args) {
        List<Integer> source = List.of(1, 2);
        List<Integer> doubled = new ArrayList<>();
        source.parallelStream().map(x -> x * 2).forEach(doubled::add);
        if (doubled.size() != 2) {
            throw new AssertionError("lost an add: " + doubled);
        }
    }
}
