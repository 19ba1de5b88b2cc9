package dev.weft.trace;

import java.util.concurrent.ConcurrentHashMap;

/**
 * Interns names as small ints that stay the same for the whole checking session, so events and
 * schedules of different runs compare directly. Used for thread names (the fork path: "main",
 * "main.1", "main.1.2") and for class names (class objects used as monitors). With {@link SharedIds}
 * the ids are those of every JVM exploring the program together, so this JVM may not know every one.
 */
public final class Interner {
    private final ConcurrentHashMap<String, Integer> ids = new ConcurrentHashMap<>();
    private final ConcurrentHashMap<Integer, String> names = new ConcurrentHashMap<>();
    private final String table;
    private final SharedIds shared;

    /** A table numbering its names from 0. */
    public Interner() {
        this(null, null);
    }

    /** A table named {@code table} taking its ids from {@code shared} (null: its own). */
    Interner(String table, SharedIds shared) {
        this.table = table;
        this.shared = shared;
    }

    public int id(String name) {
        return ids.computeIfAbsent(name, n -> {
            synchronized (names) {
                int id = shared != null ? shared.id(table, n) : names.size();
                names.put(id, n);
                return id;
            }
        });
    }

    public String name(int id) {
        String name = names.get(id);
        if (name == null && shared != null) {
            name = shared.name(table, id);
        }
        return name != null ? name : "?" + id;
    }
}
