package examples.jdk;

import java.util.concurrent.ConcurrentHashMap;

/** Two threads count a word in a ConcurrentHashMap with getOrDefault then put: one count can overwrite the other. */
public class ConcurrentMapGetPutCounter {
    public static void main(String[] args) throws InterruptedException {
        ConcurrentHashMap<String, Integer> counts = new ConcurrentHashMap<>();
        Runnable count = () -> counts.put("word", counts.getOrDefault("word", 0) + 1);
        TwoThreads.run(count, count);
        if (counts.get("word") != 2) {
            throw new AssertionError("lost count: " + counts.get("word"));
        }
    }
}
