package examples.juc;

import java.util.Iterator;
import java.util.List;

/**
 * A parallel stream's iterator runs the operations on the thread that advances it, one element at a
 * time (nothing stateful before them): an unsynchronised count in the map loses nothing.
 */
public class ParallelStreamIteratorInCaller {
    public static void main(String[] args) {
        int[] calls = new int[1];
        Iterator<Integer> doubled = List.of(1, 2).parallelStream().map(x -> {
            calls[0]++;
            return x * 2;
        }).iterator();
        int sum = 0;
        while (doubled.hasNext()) {
            sum += doubled.next();
        }
        if (calls[0] != 2 || sum != 6) {
            throw new AssertionError("calls " + calls[0] + ", sum " + sum);
        }
    }
}
