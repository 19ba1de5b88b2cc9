package examples.oracle;

import java.util.HashMap;
import java.util.Map;

/**
 * Two threads register "alice" in a HashMap: each looks her up and, if she is missing, stores a
 * fresh id, in two separately locked steps. Both can miss her: then she gets two ids and
 * {@code registered} ends 2 (issue 17: the reads that differ are inside HashMap).
 */
public class RegistryCheckThenActMap {
    static final Object LOCK = new Object();
    static final Map<String, Integer> IDS = new HashMap<>();
    static int registered;

    public static void main(String[] args) throws InterruptedException {
        Thread one = new Thread(RegistryCheckThenActMap::register);
        Thread two = new Thread(RegistryCheckThenActMap::register);
        one.start();
        two.start();
        one.join();
        two.join();
    }

    static void register() {
        boolean missing;
        synchronized (LOCK) {
            missing = IDS.get("alice") == null;
        }
        Noise.point();
        if (missing) {
            synchronized (LOCK) {
                registered++;
                IDS.put("alice", registered);
            }
        }
    }
}
