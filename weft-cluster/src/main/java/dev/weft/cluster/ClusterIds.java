package dev.weft.cluster;

import com.hazelcast.core.HazelcastInstance;
import com.hazelcast.map.IMap;
import dev.weft.trace.SharedIds;

/**
 * The program's name tables for every JVM of a cluster job: a name's id is assigned once, in a distributed map, under
 * that map's lock (released by Hazelcast when its holder dies); each JVM's tables keep what they asked for.
 */
final class ClusterIds implements SharedIds {
    /** Not a name any table holds: thread, class and field names are never empty. */
    private static final String LOCK = "";
    private final HazelcastInstance hazelcast;
    private final String prefix;

    ClusterIds(HazelcastInstance hazelcast, String prefix) {
        this.hazelcast = hazelcast;
        this.prefix = prefix;
    }

    @Override
    public int id(String table, String name) {
        IMap<String, Integer> ids = hazelcast.getMap(prefix + "ids-" + table);
        Integer id = ids.get(name);
        if (id != null) {
            return id;
        }
        ids.lock(LOCK);
        try {
            id = ids.get(name);
            if (id == null) {
                IMap<Integer, String> names = names(table);
                id = names.size();
                names.set(id, name);
                ids.set(name, id);
            }
            return id;
        } finally {
            ids.unlock(LOCK);
        }
    }

    @Override
    public String name(String table, int id) {
        // A report made after the check left the cluster names what this JVM's own runs met: every id it needs is known here.
        return hazelcast.getLifecycleService().isRunning() ? names(table).get(id) : null;
    }

    /** Frees the tables' maps. */
    void destroy() {
        for (String table : new String[] {"threads", "classes", "fields"}) {
            hazelcast.getMap(prefix + "ids-" + table).destroy();
            names(table).destroy();
        }
    }

    private IMap<Integer, String> names(String table) {
        return hazelcast.getMap(prefix + "names-" + table);
    }
}
