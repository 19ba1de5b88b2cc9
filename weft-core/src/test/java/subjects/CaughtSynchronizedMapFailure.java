package subjects;

import java.util.Collections;
import java.util.Map;
import java.util.TreeMap;

/**
 * A call on a synchronized map throws inside the program's own try block, which catches it: the map's monitor is free
 * again, so the other thread's put goes through. No bug.
 */
public class CaughtSynchronizedMapFailure {
    public static void main(String[] args) throws InterruptedException {
        Map<String, Integer> map = Collections.synchronizedMap(new TreeMap<>());
        Thread other = new Thread(() -> map.put("a", 1));
        other.start();
        try {
            map.put(null, 1);
        } catch (NullPointerException expected) {
            // TreeMap refuses null keys
        }
        other.join();
    }
}
