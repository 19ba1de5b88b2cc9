package examples.juc;

import java.util.concurrent.ConcurrentHashMap;

/**
 * A reader that sees the second of two puts assumes size() counts both: ConcurrentHashMap's size is only an estimate
 * while puts are under way (an entry is in the table before it is counted), so it can say 1.
 */
public class ChmSizeWhilePutting {
    public static void main(String[] args) throws InterruptedException {
        ConcurrentHashMap<Integer, String> map = new ConcurrentHashMap<>();
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
