package examples.jdk;

import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@link ConcurrentMapCheckThenAct} with computeIfAbsent: the look-up and the store are one atomic
 * call, and the function that makes the id (which touches shared state itself) runs at most once.
 */
public class ConcurrentMapComputeIfAbsent {
    private final ConcurrentHashMap<String, Integer> ids = new ConcurrentHashMap<>();
    private final AtomicInteger next = new AtomicInteger();

    int idOf(String name) {
        return ids.computeIfAbsent(name, n -> next.incrementAndGet());
    }

    public static void main(String[] args) throws InterruptedException {
        ConcurrentMapComputeIfAbsent registry = new ConcurrentMapComputeIfAbsent();
        int[] seen = new int[2];
        TwoThreads.run(() -> seen[0] = registry.idOf("alice"), () -> seen[1] = registry.idOf("alice"));
        if (seen[0] != seen[1] || registry.next.get() != 1) {
            throw new AssertionError("alice has ids " + seen[0] + " and " + seen[1] + " after " + registry.next.get() + " were made");
        }
    }
}
