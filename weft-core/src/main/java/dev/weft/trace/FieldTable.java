package dev.weft.trace;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Fields by id; one id per declaring class and field name, assigned at instrumentation time. */
public final class FieldTable {
    private final List<FieldInfo> fields = new ArrayList<>();
    private final Map<String, FieldInfo> byKey = new HashMap<>();

    /** The id of a field, registering it on first use. {@code owner} must be the declaring class. */
    public synchronized FieldInfo intern(String owner, String name, String descriptor, boolean isStatic, boolean isVolatile) {
        return byKey.computeIfAbsent(owner + '.' + name, k -> {
            FieldInfo info = new FieldInfo(fields.size(), owner, name, descriptor, isStatic, isVolatile);
            fields.add(info);
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
