package examples.jdk;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Each thread fills a list, a map and a string builder of its own, which never leave it, and hands
 * only a number over (under a lock): the collections are thread-confined, so their calls are no
 * events for Weft, and nothing races.
 */
public class ConfinedCollections {
    private static final Object LOCK = new Object();
    private static int total;

    static void work(int base) {
        List<Integer> numbers = new ArrayList<>();
        Map<Integer, Integer> squares = new HashMap<>();
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 3; i++) {
            numbers.add(base + i);
        }
        for (int n : numbers) {
            squares.put(n, n * n);
            text.append(n).append(',');
        }
        int sum = 0;
        for (int square : squares.values()) {
            sum += square;
        }
        synchronized (LOCK) {
            total += sum + text.length();
        }
    }

    public static void main(String[] args) throws InterruptedException {
        TwoThreads.run(() -> work(1), () -> work(10));
        synchronized (LOCK) {
            if (total != 14 + 6 + 365 + 9) {
                throw new AssertionError("total " + total);
            }
        }
    }
}
