package examples.jdk;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;

/**
 * A Collections.synchronizedMap used as its documentation says: puts through the wrapper, and the
 * iteration inside synchronized (map), the wrapper's own monitor. No exception, no race.
 */
public class SynchronizedMapIteration {
    public static void main(String[] args) throws InterruptedException {
        Map<String, Integer> scores = Collections.synchronizedMap(new HashMap<>());
        scores.put("alice", 1);
        int[] total = new int[1];
        TwoThreads.run(() -> {
            synchronized (scores) {
                for (int score : scores.values()) {
                    total[0] += score;
                }
            }
        }, () -> scores.put("bob", 2));
        if (total[0] != 1 && total[0] != 3) {
            throw new AssertionError("total " + total[0]);
        }
    }
}
