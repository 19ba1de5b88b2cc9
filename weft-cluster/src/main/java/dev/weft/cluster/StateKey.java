package dev.weft.cluster;

import java.lang.reflect.RecordComponent;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Collection;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A key for a region or read signature that is the same in every JVM: a hash of its text with every set and map in
 * sorted order. Their own serialised forms are no keys, since a set's order differs from JVM to JVM (Map.copyOf).
 */
final class StateKey {
    private StateKey() {
    }

    static String of(Object value) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(canonical(value).getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(hash);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The text of a record, collection or value, with the elements of sets and maps sorted by their own text. */
    static String canonical(Object value) {
        if (value instanceof Map<?, ?> map) {
            return map.entrySet().stream().map(e -> canonical(e.getKey()) + "=" + canonical(e.getValue())).sorted()
                    .collect(Collectors.joining(",", "{", "}"));
        }
        if (value instanceof List<?> list) {
            return list.stream().map(StateKey::canonical).collect(Collectors.joining(",", "[", "]"));
        }
        if (value instanceof Collection<?> set) {
            return set.stream().map(StateKey::canonical).sorted().collect(Collectors.joining(",", "{", "}"));
        }
        if (value instanceof Record record) {
            StringBuilder text = new StringBuilder(record.getClass().getSimpleName()).append('(');
            for (RecordComponent component : record.getClass().getRecordComponents()) {
                try {
                    text.append(canonical(component.getAccessor().invoke(record))).append(';');
                } catch (ReflectiveOperationException e) {
                    throw new IllegalStateException(e);
                }
            }
            return text.append(')').toString();
        }
        return String.valueOf(value);
    }
}
