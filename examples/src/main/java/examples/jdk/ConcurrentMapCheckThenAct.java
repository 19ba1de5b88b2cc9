package examples.jdk;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A registry on a ConcurrentHashMap: get, then put when the name is missing. Each call is
 * thread-safe, the pair is not: two threads can both miss "alice" and store two ids. No data race.
 */
public class ConcurrentMapCheckThenAct {
    private final ConcurrentHashMap<String, Integer> ids = new ConcurrentHashMap<>();
    private final AtomicInteger next = new AtomicInteger();

    int idOf(String name) {
        Integer id = ids.get(name);
        if (id == null) {
            id = next.incrementAndGet();
            ids.put(name, id);
        }
        return id;
    }

    public static void main(String[] args) throws InterruptedException {
        ConcurrentMapCheckThenAct registry = new ConcurrentMapCheckThenAct();
        int[] seen = new int[2];
        TwoThreads.run(() -> seen[0] = registry.idOf("alice"), () -> seen[1] = registry.idOf("alice"));
        if (seen[0] != seen[1]) {
            throw new AssertionError("alice has two ids: " + seen[0] + " and " + seen[1]);
        }
    }
}
