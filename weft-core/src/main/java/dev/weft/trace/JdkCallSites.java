package dev.weft.trace;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The JDK call sites of the instrumented program, by id (which the instrumented code passes to the
 * runtime) and by program location (which events carry). Filled at instrumentation time.
 */
public final class JdkCallSites {
    private final List<JdkCallSite> sites = new ArrayList<>();
    private final Map<Integer, JdkCallSite> byLocation = new HashMap<>();

    /** Registers a call site; returns its id. */
    public synchronized int add(JdkCallSite site) {
        sites.add(site);
        byLocation.put(site.location(), site);
        return sites.size() - 1;
    }

    public synchronized JdkCallSite get(int id) {
        return sites.get(id);
    }

    /** The call site at program location {@code location}, or null if none is there. */
    public synchronized JdkCallSite at(int location) {
        return byLocation.get(location);
    }
}
