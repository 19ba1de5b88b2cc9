package examples.juc;

import java.util.List;

/** findFirst on a parallel stream answers the first match in encounter order, whichever part finds one first. */
public class ParallelStreamFindFirst {
    public static void main(String[] args) {
        int first = List.of(2, 4).parallelStream().filter(x -> x % 2 == 0).findFirst().orElseThrow();
        if (first != 2) {
            throw new AssertionError("findFirst answered " + first);
        }
    }
}
