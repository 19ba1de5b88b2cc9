package examples.oracle;

import java.util.HashMap;
import java.util.Map;

/**
 * A spinner re-checks a shared HashMap inside a monitor until it holds an entry; two threads each
 * put one under the same monitor. The loop only reads the map's state (issue 17's events, met by
 * issue 16's busy-wait rule): it is held at its header until another thread's put, and while it is
 * held it keeps no monitor the putters need. What it saw varies. Correct: every access is locked.
 */
public class LockedMapSpin {
    static final Object LOCK = new Object();
    static final Map<String, Integer> MAP = new HashMap<>();
    static int seen;

    public static void main(String[] args) throws InterruptedException {
        Thread spinner = new Thread(() -> {
            while (true) {
                synchronized (LOCK) {
                    if (!MAP.isEmpty()) {
                        seen = MAP.size();
                        return;
                    }
                }
            }
        });
        Thread putter = new Thread(() -> {
            Noise.point();
            synchronized (LOCK) {
                MAP.put("one", 1);
            }
        });
        spinner.start();
        putter.start();
        Noise.point();
        synchronized (LOCK) {
            MAP.put("two", 2);
        }
        spinner.join();
        putter.join();
    }
}
