package examples.juc;

import examples.jdk.TwoThreads;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** Two threads count a hit with get then put on a ConcurrentHashMap: each call is atomic, the pair is not, a hit is lost. */
public class ChmCheckThenAct {
    public static void main(String[] args) throws InterruptedException {
        Map<String, Integer> hits = new ConcurrentHashMap<>();
        TwoThreads.run(() -> count(hits), () -> count(hits));
        if (hits.get("page") != 2) {
            throw new AssertionError("counted " + hits.get("page") + " hits");
        }
    }

    private static void count(Map<String, Integer> hits) {
        Integer seen = hits.get("page");
        hits.put("page", seen == null ? 1 : seen + 1);
    }
}
