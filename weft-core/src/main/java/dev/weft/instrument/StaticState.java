package dev.weft.instrument;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
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
 * The static fields of a run's initialised program classes, rendered so that equal program states
 * render equally in every run: values of primitives, boxes, strings, enums and classes; arrays,
 * collections, maps and atomics with their elements (one level deep); any other object by its class,
 * plus the first field (in name order) that holds it when another field holds the same object —
 * never by identity hash code. Only the first {@value #MAX_ELEMENTS} elements of an array,
 * collection or map are rendered: a program that filled a static list until the heap ran out still
 * gets its final state rendered, in a few kilobytes, by a checker with little memory left.
 */
final class StaticState {
    private static final int MAX_ELEMENTS = 1000;
    /** Stands for the value of a static field whose class's initialiser failed. */
    private static final Object UNINITIALISED = new Object();
    private final Map<Object, String> firstHolder = new IdentityHashMap<>();

    private StaticState() {
    }

    static Map<String, String> of(List<Class<?>> classes) {
        Map<String, Object> values = new TreeMap<>();
        for (Class<?> type : classes) {
            for (Field field : type.getDeclaredFields()) {
                if (Modifier.isStatic(field.getModifiers()) && !field.isSynthetic()) {
                    values.put(type.getName() + "." + field.getName(), read(field));
                }
            }
        }
        StaticState state = new StaticState();
        Map<String, String> rendered = new TreeMap<>();
        values.forEach((name, value) -> rendered.put(name, state.render(name, value)));
        return rendered;
    }

    private static Object read(Field field) {
        try {
            field.setAccessible(true);
            return field.get(null);
        } catch (NoClassDefFoundError | ExceptionInInitializerError initialiserFailed) {
            // The program's static initialiser threw: the class is unusable, as it would be in the program.
            return UNINITIALISED;
        } catch (IllegalAccessException | RuntimeException e) {
            throw new IllegalStateException("cannot read static field " + field, e);
        }
    }

    private String render(String holder, Object value) {
        if (value == UNINITIALISED) {
            return "(no value: the static initialiser of its class failed)";
        }
        if (value == null || isValue(value)) {
            return scalar(value);
        }
        String alias = firstHolder.putIfAbsent(value, holder);
        String identity = alias == null ? "" : " (same as " + alias + ")";
        String type = value.getClass().getName();
        if (value.getClass().isArray()) {
            int length = Array.getLength(value);
            StringJoiner elements = new StringJoiner(", ", "[", "]");
            for (int i = 0; i < Math.min(length, MAX_ELEMENTS); i++) {
                elements.add(shallow(Array.get(value, i)));
            }
            return value.getClass().getComponentType().getName() + more(elements, length) + identity;
        }
        if (value instanceof Collection<?> collection) {
            StringJoiner elements = new StringJoiner(", ", "[", "]");
            for (Object element : first(collection)) {
                elements.add(shallow(element));
            }
            return type + more(elements, collection.size()) + identity;
        }
        if (value instanceof Map<?, ?> map) {
            StringJoiner entries = new StringJoiner(", ", "{", "}");
            for (Map.Entry<?, ?> entry : first(map.entrySet())) {
                entries.add(shallow(entry.getKey()) + "=" + shallow(entry.getValue()));
            }
            return type + more(entries, map.size()) + identity;
        }
        if (value instanceof AtomicInteger || value instanceof AtomicLong || value instanceof AtomicBoolean) {
            return type + "(" + value + ")" + identity;
        }
        if (value instanceof AtomicReference<?> reference) {
            return type + "(" + shallow(reference.get()) + ")" + identity;
        }
        return type + identity;
    }

    /** The first {@link #MAX_ELEMENTS} elements, in iteration order. */
    private static <T> List<T> first(Collection<T> elements) {
        return elements.stream().limit(MAX_ELEMENTS).toList();
    }

    /** The rendered elements, saying how many were left out. */
    private static String more(StringJoiner rendered, int size) {
        String text = rendered.toString();
        return size <= MAX_ELEMENTS ? text : text.substring(0, text.length() - 1) + ", … " + (size - MAX_ELEMENTS) + " more"
                + text.charAt(text.length() - 1);
    }

    /** An element inside a rendered value: values as such, other objects by class only (no cycles, no identity). */
    private static String shallow(Object element) {
        return element == null || isValue(element) ? scalar(element) : element.getClass().getName();
    }

    private static boolean isValue(Object value) {
        return value instanceof Number && value.getClass().getName().startsWith("java.lang.")
                || value instanceof Boolean || value instanceof Character || value instanceof String
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
