package examples.juc;

import examples.jdk.TwoThreads;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Two threads count a hit with merge, which reads and writes the entry in one atomic call: both hits counted. */
public class ChmMergeCounter {
    public static void main(String[] args) throws InterruptedException {
        Map<String, Integer> hits = new ConcurrentHashMap<>();
        hits.put("home", 0);
        TwoThreads.run(() -> hits.merge("page", 1, Integer::sum), () -> hits.merge("page", 1, Integer::sum));
        if (hits.get("page") != 2) {
            throw new AssertionError("counted " + hits.get("page") + " hits");
        }
    }
}
