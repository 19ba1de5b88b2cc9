package examples.juc;

import examples.jdk.TwoThreads;
import java.util.concurrent.ConcurrentSkipListMap;

/** Two threads count a hit in a ConcurrentSkipListMap with get then put: a hit is lost. */
public class SkipListCheckThenPut {
    public static void main(String[] args) throws InterruptedException {
        ConcurrentSkipListMap<String, Integer> hits = new ConcurrentSkipListMap<>();
        TwoThreads.run(() -> count(hits), () -> count(hits));
        if (hits.get("page") != 2) {
            throw new AssertionError("counted " + hits.get("page") + " hits");
        }
    }

    private static void count(ConcurrentSkipListMap<String, Integer> hits) {
        Integer seen = hits.get("page");
        hits.put("page", seen == null ? 1 : seen + 1);
    }
}
