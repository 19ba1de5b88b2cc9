package dev.weft.instrument;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The shortest field path from a static field of the run's initialised program classes to each object
 * it reaches ({@code Registry.lock}, {@code Bank.accounts[0].lock}), found by reflection, which runs no
 * program code and records no event. It looks into program objects' fields and object arrays, not into
 * JDK objects (their fields are the JDK's own business, and closed to reflection), and stops at
 * {@value #DEEPEST} steps and {@value #MOST_OBJECTS} objects: names are for people, who do not read longer paths.
 */
final class FieldPaths {
    private static final int DEEPEST = 4;
    private static final int MOST_OBJECTS = 10_000;
    private static final int MOST_ELEMENTS = 64;

    private final ClassLoader programLoader;
    private final Map<Object, String> paths = new IdentityHashMap<>();
    private final Deque<Object> next = new ArrayDeque<>();

    private FieldPaths(ClassLoader programLoader) {
        this.programLoader = programLoader;
    }

    /** Object to path, for the objects reachable from the static fields of {@code classes} (loaded by {@code programLoader}). */
    static Map<Object, String> of(List<Class<?>> classes, ClassLoader programLoader) {
        FieldPaths walk = new FieldPaths(programLoader);
        for (Class<?> type : classes) {
            for (Field field : type.getDeclaredFields()) {
                if (Modifier.isStatic(field.getModifiers()) && !field.isSynthetic()) {
                    walk.reached(read(field, null), simpleName(type) + "." + field.getName());
                }
            }
        }
        walk.follow();
        return walk.paths;
    }

    private void follow() {
        for (int depth = 1; depth < DEEPEST && !next.isEmpty(); depth++) {
            List<Object> level = new ArrayList<>(next);
            next.clear();
            for (Object holder : level) {
                into(holder, paths.get(holder));
            }
        }
    }

    private void into(Object holder, String path) {
        if (holder.getClass().isArray()) {
            if (!holder.getClass().getComponentType().isPrimitive()) {
                for (int i = 0; i < Math.min(Array.getLength(holder), MOST_ELEMENTS); i++) {
                    reached(Array.get(holder, i), path + "[" + i + "]");
                }
            }
            return;
        }
        for (Class<?> type = holder.getClass(); type != null && type.getClassLoader() == programLoader; type = type.getSuperclass()) {
            for (Field field : type.getDeclaredFields()) {
                if (!Modifier.isStatic(field.getModifiers()) && !field.isSynthetic() && !field.getType().isPrimitive()) {
                    reached(read(field, holder), path + "." + field.getName());
                }
            }
        }
    }

    private void reached(Object value, String path) {
        if (value == null || value instanceof String || value instanceof Class || value instanceof Enum
                || paths.size() >= MOST_OBJECTS || paths.containsKey(value)) {
            return;
        }
        paths.put(value, path);
        next.add(value);
    }

    /** The field's value, or null where it cannot be read (its class's initialiser failed). */
    private static Object read(Field field, Object holder) {
        try {
            field.setAccessible(true);
            return field.get(holder);
        } catch (LinkageError | ReflectiveOperationException | RuntimeException unreadable) {
            return null;
        }
    }

    /** "Registry" for "com.acme.Registry", "Bank.Account" for "com.acme.Bank$Account". */
    private static String simpleName(Class<?> type) {
        String name = type.getName();
        return name.substring(name.lastIndexOf(".") + 1);
    }
}
