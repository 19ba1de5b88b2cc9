package examples.juc;

import examples.jdk.TwoThreads;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/** Two workers crawl the same ids and claim each with add on a ConcurrentHashMap key set: each id is processed once. */
public class ChmVisitedSet {
    public static void main(String[] args) throws InterruptedException {
        Set<Integer> visited = new ConcurrentHashMap<Integer, Boolean>().keySet(Boolean.TRUE);
        visited.add(0); // the root, visited before the workers start
        AtomicInteger processed = new AtomicInteger();
        Runnable worker = () -> {
            for (int id = 1; id <= 2; id++) {
                if (visited.add(id)) {
                    processed.incrementAndGet();
                }
            }
        };
        TwoThreads.run(worker, worker);
        if (processed.get() != 2) {
            throw new AssertionError("processed " + processed.get() + " ids, 2 distinct");
        }
    }
}
