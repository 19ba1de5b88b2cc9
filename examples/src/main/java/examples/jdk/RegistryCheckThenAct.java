package examples.jdk;

import java.util.HashMap;

/**
 * A registry hands out ids: it looks a name up and, if the name is new, stores a fresh id, in two
 * separately locked steps (check-then-act across calls). Two threads registering "alice" can both
 * miss her and give her two ids. No data race: every call on the map holds the lock.
 */
public class RegistryCheckThenAct {
    private final Object lock = new Object();
    private final HashMap<String, Integer> ids = new HashMap<>();
    private int next;

    int idOf(String name) {
        Integer id;
        synchronized (lock) {
            id = ids.get(name);
        }
        if (id == null) {
            synchronized (lock) {
                id = ++next;
                ids.put(name, id);
            }
        }
        return id;
    }

    public static void main(String[] args) throws InterruptedException {
        RegistryCheckThenAct registry = new RegistryCheckThenAct();
        int[] seen = new int[2];
        TwoThreads.run(() -> seen[0] = registry.idOf("alice"), () -> seen[1] = registry.idOf("alice"));
        if (seen[0] != seen[1]) {
            throw new AssertionError("alice has two ids: " + seen[0] + " and " + seen[1]);
        }
    }
}
