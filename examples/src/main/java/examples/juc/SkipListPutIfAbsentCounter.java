package examples.juc;

import examples.jdk.TwoThreads;
import java.util.concurrent.ConcurrentSkipListMap;

/** Two threads count a hit in a ConcurrentSkipListMap with putIfAbsent and a replace loop: both hits counted. */
public class SkipListPutIfAbsentCounter {
    public static void main(String[] args) throws InterruptedException {
        ConcurrentSkipListMap<String, Integer> hits = new ConcurrentSkipListMap<>();
        TwoThreads.run(() -> count(hits), () -> count(hits));
        if (hits.get("page") != 2) {
            throw new AssertionError("counted " + hits.get("page") + " hits");
        }
    }

    private static void count(ConcurrentSkipListMap<String, Integer> hits) {
        Integer seen = hits.putIfAbsent("page", 1);
        while (seen != null && !hits.replace("page", seen, seen + 1)) {
            seen = hits.get("page");
        }
    }
}
