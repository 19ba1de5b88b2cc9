package dev.weft.oracle;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The final static state of a plain run, rendered as Weft renders its runs' (so that the two can be
 * compared as text): every non-synthetic static field of every program class whose initialisation
 * has begun, named "pkg.Class.field". Values of primitives, boxes, strings, enums and classes as
 * such; arrays, collections, maps and atomics with their elements one level deep; any other object
 * by its class name, plus the first field (in name order) holding it when another field holds the
 * same object.
 *
 * <p>A plain JVM does not say whether a class's initialisation has begun without starting it; the
 * JDK's internal {@code Unsafe.shouldBeInitialized} tells whether it has finished, which is the same
 * for every class at the end of a run except one whose initialiser threw (left out here).
 */
final class StaticValues {
    private static final Object UNSAFE;
    private static final Method SHOULD_BE_INITIALIZED;

    static {
        try {
            Class<?> unsafe = Class.forName("jdk.internal.misc.Unsafe");
            UNSAFE = unsafe.getMethod("getUnsafe").invoke(null);
            SHOULD_BE_INITIALIZED = unsafe.getMethod("shouldBeInitialized", Class.class);
        } catch (ReflectiveOperationException | RuntimeException e) {
            throw new IllegalStateException("the oracle's runner needs --add-exports java.base/jdk.internal.misc=ALL-UNNAMED", e);
        }
    }

    private final Map<Object, String> firstHolder = new IdentityHashMap<>();

    private StaticValues() {
    }

    static Map<String, String> of(List<Class<?>> loaded) {
        Map<String, Object> values = new TreeMap<>();
        for (Class<?> type : loaded) {
            if (!initialized(type)) {
                continue;
            }
            for (Field field : type.getDeclaredFields()) {
                if (Modifier.isStatic(field.getModifiers()) && !field.isSynthetic()) {
                    values.put(type.getName() + "." + field.getName(), read(field));
                }
            }
        }
        StaticValues rendering = new StaticValues();
        Map<String, String> rendered = new TreeMap<>();
        values.forEach((name, value) -> rendered.put(name, rendering.render(name, value)));
        return rendered;
    }

    private static boolean initialized(Class<?> type) {
        try {
            return !(Boolean) SHOULD_BE_INITIALIZED.invoke(UNSAFE, type);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot ask whether " + type + " is initialised", e);
        }
    }

    private static Object read(Field field) {
        try {
            field.setAccessible(true);
            return field.get(null);
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot read " + field, e);
        }
    }

    private String render(String holder, Object value) {
        if (value == null || isValue(value)) {
            return scalar(value);
        }
        String earlier = firstHolder.putIfAbsent(value, holder);
        String sameAs = earlier == null ? "" : " (same as " + earlier + ")";
        return contents(value) + sameAs;
    }

    private static String contents(Object value) {
        String type = value.getClass().getName();
        if (value.getClass().isArray()) {
            StringJoiner elements = new StringJoiner(", ", "[", "]");
            for (int i = 0; i < Array.getLength(value); i++) {
                elements.add(shallow(Array.get(value, i)));
            }
            return value.getClass().getComponentType().getName() + elements;
        }
        if (value instanceof Collection<?> collection) {
            StringJoiner elements = new StringJoiner(", ", "[", "]");
            collection.forEach(element -> elements.add(shallow(element)));
            return type + elements;
        }
        if (value instanceof Map<?, ?> map) {
            StringJoiner entries = new StringJoiner(", ", "{", "}");
            map.forEach((key, entry) -> entries.add(shallow(key) + "=" + shallow(entry)));
            return type + entries;
        }
        if (value instanceof AtomicInteger || value instanceof AtomicLong || value instanceof AtomicBoolean) {
            return type + "(" + value + ")";
        }
        if (value instanceof AtomicReference<?> reference) {
            return type + "(" + shallow(reference.get()) + ")";
        }
        return type;
    }

    /** An element: a value as such, any other object by its class alone. */
    private static String shallow(Object element) {
        return element == null || isValue(element) ? scalar(element) : element.getClass().getName();
    }

    private static boolean isValue(Object value) {
        boolean boxedNumber = value instanceof Number && value.getClass().getName().startsWith("java.lang.");
        return boxedNumber || value instanceof Boolean || value instanceof Character || value instanceof String
                || value instanceof Enum || value instanceof Class;
    }

    private static String scalar(Object value) {
        if (value instanceof String text) {
            return '"' + text + '"';
        }
        if (value instanceof Character c) {
            return "'" + c + "'";
        }
        if (value instanceof Enum<?> constant) {
            return constant.getDeclaringClass().getName() + "." + constant.name();
        }
        if (value instanceof Class<?> type) {
            return type.getName() + ".class";
        }
        return String.valueOf(value);
    }
}
