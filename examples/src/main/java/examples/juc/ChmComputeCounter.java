package examples.juc;

import examples.jdk.TwoThreads;
import java.util.concurrent.ConcurrentHashMap;

/** Two threads count a hit with compute, whose function runs while the entry's bin is locked: both hits counted. */
public class ChmComputeCounter {
    public static void main(String[] args) throws InterruptedException {
        ConcurrentHashMap<String, Integer> hits = new ConcurrentHashMap<>();
        hits.put("page", 0);
        TwoThreads.run(() -> hits.compute("page", ChmComputeCounter::plusOne), () -> hits.compute("page", ChmComputeCounter::plusOne));
        if (hits.get("page") != 2) {
            throw new AssertionError("counted " + hits.get("page") + " hits");
        }
    }

    private static Integer plusOne(String key, Integer old) {
        return old == null ? 1 : old + 1;
    }
}
