package examples.juc;

import java.util.List;

/** Takes findAny on a parallel stream for findFirst: any part that finds a match may answer. */
public class ParallelStreamFindAnyAssumedFirst {
    public static void main(String[] args) {
        int found = List.of(1, 2, 4).parallelStream().filter(x -> x % 2 == 0).findAny().orElseThrow();
        if (found != 2) {
            throw new AssertionError("findAny answered " + found + ", not the first match");
        }
    }
}
