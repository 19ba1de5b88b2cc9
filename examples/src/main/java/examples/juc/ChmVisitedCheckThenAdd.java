package examples.juc;

import examples.jdk.TwoThreads;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/** Two workers claim an id with contains then add on a ConcurrentHashMap key set: both see it new, it is processed twice. */
public class ChmVisitedCheckThenAdd {
    public static void main(String[] args) throws InterruptedException {
        Set<Integer> visited = new ConcurrentHashMap<Integer, Boolean>().keySet(Boolean.TRUE);
        visited.add(0); // the root, visited before the workers start
        AtomicInteger processed = new AtomicInteger();
        Runnable worker = () -> {
            if (!visited.contains(7)) {
                visited.add(7);
                processed.incrementAndGet();
            }
        };
        TwoThreads.run(worker, worker);
        if (processed.get() != 1) {
            throw new AssertionError("id 7 processed " + processed.get() + " times");
        }
    }
}
