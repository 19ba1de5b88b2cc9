package dev.weft.runtime;

import dev.weft.trace.JdkCallSite;
import dev.weft.trace.ObjectIds;
import dev.weft.trace.ObjectNames;
import java.util.StringJoiner;

/**
 * A JDK call in words, as the program made it: {@code Registry.users.get("alice") → null}. Values
 * are shown without running program code (no {@code toString} of program objects or of collections,
 * whose elements' {@code toString} is program code): strings, boxes, characters and enum constants
 * as written in Java, other objects as {@link ObjectNames#reference references} that the report names
 * once the whole run is known; and without handing out object ids the run would not (a description
 * must not change the run it describes).
 */
final class CallText {
    private static final int LONGEST_STRING = 40;

    private CallText() {
    }

    static String call(JdkCallSite site, Object receiver, Object[] arguments, ObjectRegistry objects) {
        StringJoiner list = new StringJoiner(", ", "(", ")");
        for (Object argument : arguments) {
            list.add(value(argument, objects));
        }
        return switch (site.form()) {
            case INSTANCE, SUPER -> (site.receiver() != null ? site.receiver() : value(receiver, objects)) + "." + site.name() + list;
            case STATIC, CONSTRUCTOR, CONCATENATION -> site.api() + list;
        };
    }

    static String value(Object value, ObjectRegistry objects) {
        if (value == null) {
            return "null";
        }
        if (value instanceof String text) {
            return quoted(text);
        }
        if (value instanceof Character c) {
            return "'" + c + "'";
        }
        if (value instanceof Boolean || value instanceof Number && value.getClass().getName().startsWith("java.lang.")) {
            return value.toString();
        }
        if (value instanceof Enum<?> constant) {
            return JdkCallSite.simpleName(constant.getDeclaringClass().getName()) + "." + constant.name();
        }
        String type = JdkCallSite.simpleName(value.getClass().getName());
        long id = objects.knownId(value);
        return id == ObjectIds.NULL ? type : ObjectNames.reference(id, type);
    }

    private static String quoted(String text) {
        String shown = text.length() > LONGEST_STRING ? text.substring(0, LONGEST_STRING) + "…" : text;
        return '"' + shown.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n") + '"';
    }
}
