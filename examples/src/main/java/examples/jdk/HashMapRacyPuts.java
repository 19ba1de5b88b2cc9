package examples.jdk;

import java.util.HashMap;
import java.util.Map;

/**
 * Two threads put into one HashMap with no lock: a data race between the two puts (a plain JVM can
 * lose an entry inside HashMap; Weft, which runs each call whole, reports the race).
 */
public class HashMapRacyPuts {
    public static void main(String[] args) throws InterruptedException {
        Map<Integer, String> map = new HashMap<>();
        TwoThreads.run(() -> map.put(1, "one"), () -> map.put(2, "two"));
    }
}
