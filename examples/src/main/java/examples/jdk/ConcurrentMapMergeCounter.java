package examples.jdk;

import java.util.concurrent.ConcurrentHashMap;

/** {@link ConcurrentMapGetPutCounter} with merge, one atomic call per count: no count is lost. */
public class ConcurrentMapMergeCounter {
    public static void main(String[] args) throws InterruptedException {
        ConcurrentHashMap<String, Integer> counts = new ConcurrentHashMap<>();
        Runnable count = () -> counts.merge("word", 1, Integer::sum);
        TwoThreads.run(count, count);
        if (counts.get("word") != 2) {
            throw new AssertionError("lost count: " + counts.get("word"));
        }
    }
}
