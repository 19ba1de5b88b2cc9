package dev.weft.runtime;

import dev.weft.trace.ObjectIds;
import dev.weft.trace.ObjectOrigin;
import dev.weft.trace.Symbols;
import dev.weft.trace.Values;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * Stable identities of one run's objects ({@link ObjectIds}): allocating thread plus its allocation
 * counter, or, for objects first met without their allocation being seen, the meeting thread plus
 * a separate counter. Both counters advance only in their thread's own program order, so the ids
 * are the same in every run that follows the same schedule. A run recorded for its report also keeps
 * where each object was allocated ({@link ObjectOrigin}), to name it there.
 */
final class ObjectRegistry {
    private final Symbols symbols;
    private final Map<Object, Long> ids = new IdentityHashMap<>();
    /** Null unless the run records for its report. */
    private final Map<Long, ObjectOrigin> origins;

    ObjectRegistry(Symbols symbols, boolean keepOrigins) {
        this.symbols = symbols;
        this.origins = keepOrigins ? new HashMap<>() : null;
    }

    /**
     * A program object is reported twice, inside its constructor and at the caller's {@code new} once
     * the constructor returns: the later report's location, the {@code new}, is the origin kept.
     */
    void allocated(Object object, RunThread by, int location) {
        if (object == null) {
            return;
        }
        Long id = ids.get(object);
        if (id == null) {
            id = ObjectIds.of(by.id, ++by.allocations);
            ids.put(object, id);
        }
        if (origins != null && (location >= 0 || !origins.containsKey(id))) {
            origins.put(id, originOf(object, location));
        }
    }

    private ObjectOrigin originOf(Object object, int location) {
        return new ObjectOrigin(symbols.classes().id(object.getClass().getName()), location);
    }

    /** Where the run's objects were allocated; empty unless the run records for its report. */
    Map<Long, ObjectOrigin> origins() {
        return origins == null ? Map.of() : origins;
    }

    long id(Object object, RunThread by) {
        if (object == null) {
            return ObjectIds.NULL;
        }
        if (object instanceof Class<?> c) {
            return ObjectIds.ofClass(symbols.classes().id(c.getName()));
        }
        Long known = ids.get(object);
        if (known != null) {
            return known;
        }
        long id = sharedId(object);
        if (id == ObjectIds.NULL) {
            id = ObjectIds.of(by.id, ObjectIds.FOREIGN_BASE + ++by.foreignObjects);
            if (origins != null) {
                origins.put(id, originOf(object, -1)); // made by JDK code: its class is all that is known
            }
        }
        ids.put(object, id);
        return id;
    }

    /** The id of an instance every run shares, named by its value: a JDK box or a program's string literal; else NULL. */
    private long sharedId(Object object) {
        if (object instanceof String s) {
            int literal = symbols.literalId(s);
            return literal >= 0 ? ObjectIds.ofLiteral(literal) : ObjectIds.NULL;
        }
        return sharedBoxId(object);
    }

    /**
     * The id of one of the JDK's shared box instances (Integer.valueOf's cache, Boolean.TRUE), named by its value: any
     * thread may meet it first, and a name given by the first would change with the schedule. NULL for other objects.
     */
    private static long sharedBoxId(Object object) {
        long value;
        if (object instanceof Integer i && Integer.valueOf(i) == i) {
            value = i;
        } else if (object instanceof Long l && Long.valueOf(l) == l) {
            value = l;
        } else if (object instanceof Short s && Short.valueOf(s) == s) {
            value = s;
        } else if (object instanceof Byte b && Byte.valueOf(b) == b) {
            value = b;
        } else if (object instanceof Character c && Character.valueOf(c) == c) {
            value = c;
        } else if (object instanceof Boolean b && Boolean.valueOf(b) == b) {
            value = b ? 1 : 0;
        } else {
            return ObjectIds.NULL;
        }
        return ObjectIds.ofBox(object.getClass().getSimpleName(), value);
    }

    /** The object's id if it has one already, else {@link ObjectIds#NULL}: for descriptions, which must not hand out ids the run would not. */
    long knownId(Object object) {
        Long id = object == null ? null : ids.get(object);
        return id == null ? ObjectIds.NULL : id;
    }

    /** A deterministic stand-in for identity hash codes, derived from the stable id. */
    int identityHash(Object object, RunThread by) {
        if (object == null) {
            return 0;
        }
        long z = id(object, by) * 0x9E3779B97F4A7C15L;
        z = (z ^ (z >>> 31)) * 0xBF58476D1CE4E5B9L;
        return (int) ((z ^ (z >>> 29)) >>> 33);
    }

    /** The {@link Values} encoding of a boxed value of descriptor type {@code type}. */
    long encode(Object boxed, char type, RunThread by) {
        return switch (type) {
            case 'L', '[' -> id(boxed, by);
            case 'Z' -> boxed instanceof Boolean b ? Values.ofBoolean(b) : ((Number) boxed).intValue();
            case 'C' -> boxed instanceof Character c ? c : ((Number) boxed).intValue();
            case 'F' -> Values.ofFloat((Float) boxed);
            case 'D' -> Values.ofDouble((Double) boxed);
            default -> ((Number) boxed).longValue();
        };
    }
}
