package examples.jdk;

import java.util.ArrayList;
import java.util.List;

/** {@link IterationWhileAdding} with the loop and the add under the list's monitor: no ConcurrentModificationException, no race. */
public class IterationUnderLock {
    public static void main(String[] args) throws InterruptedException {
        List<Integer> numbers = new ArrayList<>(List.of(1, 2));
        int[] sum = new int[1];
        TwoThreads.run(() -> {
            synchronized (numbers) {
                for (int n : numbers) {
                    sum[0] += n;
                }
            }
        }, () -> {
            synchronized (numbers) {
                numbers.add(3);
            }
        });
        if (sum[0] != 3 && sum[0] != 6) {
            throw new AssertionError("summed " + sum[0]);
        }
    }
}
