package dev.weft.trace;

import java.util.ArrayList;
import java.util.List;

/**
 * Program locations by id. Ids are handed out when a class is instrumented; the instrumented code
 * passes them to the runtime as int constants, and the same id means the same location in every run.
 */
public final class LocationTable {
    private final List<Location> locations = new ArrayList<>();

    public synchronized int add(Location location) {
        locations.add(location);
        return locations.size() - 1;
    }

    /** The location, or null for -1 (no location). */
    public synchronized Location get(int id) {
        return id < 0 ? null : locations.get(id);
    }

    public synchronized int size() {
        return locations.size();
    }
}
