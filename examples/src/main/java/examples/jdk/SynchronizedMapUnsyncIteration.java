package examples.jdk;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;

/**
 * {@link SynchronizedMapIteration} with the iteration outside synchronized (map): the wrapper locks
 * each call, not the loop, so a put between two steps of the iteration makes it throw
 * ConcurrentModificationException, and the iterator's calls race with the put.
 */
public class SynchronizedMapUnsyncIteration {
    public static void main(String[] args) throws InterruptedException {
        Map<String, Integer> scores = Collections.synchronizedMap(new HashMap<>());
        scores.put("alice", 1);
        int[] total = new int[1];
        TwoThreads.run(() -> {
            for (int score : scores.values()) {
                total[0] += score;
            }
        }, () -> scores.put("bob", 2));
    }
}
