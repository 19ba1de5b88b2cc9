package examples.juc;

import examples.jdk.TwoThreads;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A cache filled with computeIfAbsent by two threads, whose loading function counts its calls: ConcurrentHashMap applies
 * the function at most once per absent key (the whole call is atomic), so the program's assumption "loaded once" holds.
 */
public class ChmComputeIfAbsentOnce {
    public static void main(String[] args) throws InterruptedException {
        ConcurrentHashMap<String, String> cache = new ConcurrentHashMap<>();
        cache.put("admin", "ADMIN"); // warmed up before the threads start
        AtomicInteger loads = new AtomicInteger();
        Runnable lookup = () -> cache.computeIfAbsent("user", key -> {
            loads.incrementAndGet();
            return key.toUpperCase();
        });
        TwoThreads.run(lookup, lookup);
        if (loads.get() != 1 || !"USER".equals(cache.get("user"))) {
            throw new AssertionError("loaded " + loads.get() + " times");
        }
    }
}
