package dev.weft.instrument;

import java.lang.reflect.Array;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeMap;

/**
 * The static fields of a run's initialised program classes, rendered so that equal program states
 * render equally in every run: values of primitives, boxes, strings, enums and classes; arrays
 * element by element (one level); any other object by its class, plus the first field (in name
 * order) that holds it when another field holds the same object — never by identity hash code.
 */
final class StaticState {
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
        } catch (IllegalAccessException | RuntimeException e) {
            throw new IllegalStateException("cannot read static field " + field, e);
        }
    }

    private String render(String holder, Object value) {
        if (value == null || isValue(value)) {
            return scalar(value);
        }
        String alias = firstHolder.putIfAbsent(value, holder);
        String identity = alias == null ? "" : " (same as " + alias + ")";
        if (value.getClass().isArray()) {
            StringJoiner elements = new StringJoiner(", ", "[", "]");
            for (int i = 0; i < Array.getLength(value); i++) {
                Object element = Array.get(value, i);
                elements.add(element == null || isValue(element) ? scalar(element) : element.getClass().getName());
            }
            return value.getClass().getComponentType().getName() + elements + identity;
        }
        return value.getClass().getName() + identity;
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
