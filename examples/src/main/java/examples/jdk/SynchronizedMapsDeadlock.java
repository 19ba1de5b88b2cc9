package examples.jdk;

import java.util.Collections;
import java.util.HashMap;
import java.util.Map;

/**
 * Two synchronized maps, each put into while holding the other's monitor: main holds the left map's
 * and puts into the right one, a helper holds the right map's and puts into the left one. Each put
 * waits for the monitor the other thread holds: a deadlock on the JDK wrappers' own monitors.
 */
public class SynchronizedMapsDeadlock {
    public static void main(String[] args) throws InterruptedException {
        Map<String, Integer> left = Collections.synchronizedMap(new HashMap<>());
        Map<String, Integer> right = Collections.synchronizedMap(new HashMap<>());
        Thread helper = new Thread(() -> {
            synchronized (right) {
                left.put("from the right", 2);
            }
        });
        helper.start();
        synchronized (left) {
            right.put("from the left", 1);
        }
        helper.join();
    }
}
