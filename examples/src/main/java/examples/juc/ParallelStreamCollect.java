package examples.juc;

import java.util.List;
import java.util.stream.Collectors;

/** The same as ParallelStreamIntoArrayList with collect(toList()): each part fills its own list, in order. */
public class ParallelStreamCollect {
    public static void main(String[] args) {
        List<Integer> doubled = List.of(1, 2).parallelStream().map(x -> x * 2).collect(Collectors.toList());
        if (!doubled.equals(List.of(2, 4))) {
            throw new AssertionError("collected " + doubled);
        }
    }
}
