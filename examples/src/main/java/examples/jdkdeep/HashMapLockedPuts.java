package examples.jdkdeep;

import examples.jdk.TwoThreads;
import java.util.HashMap;
import java.util.Map;

/** Two threads put into one HashMap, each under the map's monitor: no entry is lost. */
public class HashMapLockedPuts {
    public static void main(String[] args) throws InterruptedException {
        Map<Integer, String> map = new HashMap<>();
        TwoThreads.run(() -> put(map, 1, "one"), () -> put(map, 2, "two"));
        if (map.size() != 2) {
            throw new AssertionError("lost an entry: " + map);
        }
    }

    private static void put(Map<Integer, String> map, int key, String value) {
        synchronized (map) {
            map.put(key, value);
        }
    }
}
