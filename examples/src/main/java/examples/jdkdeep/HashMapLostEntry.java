package examples.jdkdeep;

import examples.jdk.TwoThreads;
import java.util.HashMap;
import java.util.Map;

/**
 * Two threads put different keys into one HashMap with no lock. Inside {@code HashMap.put} both can make the first
 * table, or both read the size before either writes it: an entry is lost, and the size check fails.
 */
public class HashMapLostEntry {
    public static void main(String[] args) throws InterruptedException {
        Map<Integer, String> map = new HashMap<>();
        TwoThreads.run(() -> map.put(1, "one"), () -> map.put(2, "two"));
        if (map.size() != 2) {
            throw new AssertionError("lost an entry: " + map);
        }
    }
}
