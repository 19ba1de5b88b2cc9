package examples.jdk;

import java.util.HashMap;

/** {@link RegistryCheckThenAct} with the look-up and the store in one locked step: every name gets one id. */
public class RegistryLocked {
    private final HashMap<String, Integer> ids = new HashMap<>();
    private int next;

    synchronized int idOf(String name) {
        Integer id = ids.get(name);
        if (id == null) {
            id = ++next;
            ids.put(name, id);
        }
        return id;
    }

    public static void main(String[] args) throws InterruptedException {
        RegistryLocked registry = new RegistryLocked();
        int[] seen = new int[2];
        TwoThreads.run(() -> seen[0] = registry.idOf("alice"), () -> seen[1] = registry.idOf("alice"));
        if (seen[0] != seen[1]) {
            throw new AssertionError("alice has two ids: " + seen[0] + " and " + seen[1]);
        }
    }
}
