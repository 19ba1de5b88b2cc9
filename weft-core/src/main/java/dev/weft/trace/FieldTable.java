package dev.weft.trace;

import java.util.HashMap;
import java.util.Map;

/**
 * Fields by id; one id per declaring class and field name, assigned at instrumentation time (from
 * {@link SharedIds} when several JVMs explore the program together).
 */
public final class FieldTable {
    private final Map<Integer, FieldInfo> fields = new HashMap<>();
    private final Map<String, FieldInfo> byKey = new HashMap<>();
    private final SharedIds shared;

    public FieldTable() {
        this(null);
    }

    FieldTable(SharedIds shared) {
        this.shared = shared;
    }

    /** The id of a field, registering it on first use. {@code owner} must be the declaring class. */
    public synchronized FieldInfo intern(String owner, String name, String descriptor, boolean isStatic, boolean isVolatile) {
        return byKey.computeIfAbsent(owner + '.' + name, k -> {
            int id = shared != null ? shared.id("fields", k) : fields.size();
            FieldInfo info = new FieldInfo(id, owner, name, descriptor, isStatic, isVolatile);
            fields.put(id, info);
            return info;
        });
    }

    /** The field declared by {@code owner} (internal name) with this name, or null if no instrumented code touched it yet. */
    public synchronized FieldInfo find(String owner, String name) {
        return byKey.get(owner + '.' + name);
    }

    public synchronized FieldInfo get(int id) {
        return fields.get(id);
    }

    public synchronized int size() {
        return fields.size();
    }
}
