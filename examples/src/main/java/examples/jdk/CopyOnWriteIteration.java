package examples.jdk;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/** {@link IterationWhileAdding} on a CopyOnWriteArrayList: the iterator walks a snapshot, so adding meanwhile throws nothing, and nothing races. */
public class CopyOnWriteIteration {
    public static void main(String[] args) throws InterruptedException {
        List<Integer> numbers = new CopyOnWriteArrayList<>(List.of(1, 2));
        int[] sum = new int[1];
        TwoThreads.run(() -> {
            for (int n : numbers) {
                sum[0] += n;
            }
        }, () -> numbers.add(3));
        if (sum[0] != 3 && sum[0] != 6) {
            throw new AssertionError("summed " + sum[0]);
        }
    }
}
