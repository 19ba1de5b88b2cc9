package examples.juc;

import java.util.concurrent.ConcurrentSkipListMap;

/**
 * A reader that sees the second of two puts into a ConcurrentSkipListMap assumes size() counts both: the map counts an
 * entry after linking it in (in a LongAdder), so while puts are under way size() can say 1.
 */
public class SkipListSizeWhilePutting {
    public static void main(String[] args) throws InterruptedException {
        ConcurrentSkipListMap<Integer, String> map = new ConcurrentSkipListMap<>();
        Thread writer = new Thread(() -> {
            map.put(1, "one");
            map.put(2, "two");
        });
        writer.start();
        if (map.containsKey(2) && map.size() != 2) {
            throw new AssertionError("key 2 is in, but size() says " + map.size());
        }
        writer.join();
    }
}
