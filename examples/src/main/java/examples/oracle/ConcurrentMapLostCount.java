package examples.oracle;

import java.util.concurrent.ConcurrentHashMap;

/**
 * Two threads count a word in a ConcurrentHashMap with get, then put: each call is atomic, the pair
 * is not, so one count can overwrite the other and {@code total} ends 1 or 2 (issue 17).
 */
public class ConcurrentMapLostCount {
    static final ConcurrentHashMap<String, Integer> COUNTS = new ConcurrentHashMap<>();
    static int total;

    public static void main(String[] args) throws InterruptedException {
        Thread one = new Thread(ConcurrentMapLostCount::count);
        Thread two = new Thread(ConcurrentMapLostCount::count);
        one.start();
        two.start();
        one.join();
        two.join();
        total = COUNTS.get("word");
    }

    static void count() {
        int seen = COUNTS.getOrDefault("word", 0);
        Noise.point();
        COUNTS.put("word", seen + 1);
    }
}
