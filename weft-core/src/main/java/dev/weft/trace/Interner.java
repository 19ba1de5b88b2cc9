package dev.weft.trace;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Interns names as small ints that stay the same for the whole checking session, so events and
 * schedules of different runs compare directly. Used for thread names (the fork path: "main",
 * "main.1", "main.1.2") and for class names (class objects used as monitors).
 */
public final class Interner {
    private final ConcurrentHashMap<String, Integer> ids = new ConcurrentHashMap<>();
    private final List<String> names = new ArrayList<>();

    public int id(String name) {
        return ids.computeIfAbsent(name, n -> {
            synchronized (names) {
                names.add(n);
                return names.size() - 1;
            }
        });
    }

    public String name(int id) {
        synchronized (names) {
            return id >= 0 && id < names.size() ? names.get(id) : "?" + id;
        }
    }
}
