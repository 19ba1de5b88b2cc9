package examples.juc;

import examples.jdk.TwoThreads;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/** A cache filled with containsKey then put by two threads: both miss, the value is loaded twice (computeIfAbsent loads once). */
public class ChmCheckThenLoad {
    public static void main(String[] args) throws InterruptedException {
        ConcurrentHashMap<String, String> cache = new ConcurrentHashMap<>();
        AtomicInteger loads = new AtomicInteger();
        Runnable lookup = () -> {
            if (!cache.containsKey("user")) {
                loads.incrementAndGet();
                cache.put("user", "USER");
            }
        };
        TwoThreads.run(lookup, lookup);
        if (loads.get() != 1) {
            throw new AssertionError("loaded " + loads.get() + " times");
        }
    }
}
