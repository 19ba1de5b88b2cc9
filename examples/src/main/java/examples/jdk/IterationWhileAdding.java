package examples.jdk;

import java.util.ArrayList;
import java.util.List;

/**
 * One thread sums a shared ArrayList with a for-each loop while another adds to it, with no lock:
 * the iterator can see the list change under it and throw ConcurrentModificationException. The
 * iteration's calls race with the add.
 */
public class IterationWhileAdding {
    public static void main(String[] args) throws InterruptedException {
        List<Integer> numbers = new ArrayList<>(List.of(1, 2));
        int[] sum = new int[1];
        TwoThreads.run(() -> {
            for (int n : numbers) {
                sum[0] += n;
            }
        }, () -> numbers.add(3));
    }
}
