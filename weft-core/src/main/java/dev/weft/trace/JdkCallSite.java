package dev.weft.trace;

/**
 * A place where instrumented code calls into the JDK with objects whose state Weft follows (see
 * {@link Address.Kind#OBJECT_STATE}): the method as the call instruction names it.
 *
 * @param location   the call's program location ({@link LocationTable})
 * @param owner      the class or interface the instruction names, internal form ("java/util/Map")
 * @param name       the method's name ("get"; "&lt;init&gt;" for a constructor)
 * @param descriptor the method's descriptor
 * @param form       how the call is made
 * @param receiver   the receiver as the source names it ({@code ids} in {@code ids.get(name)}), or null
 */
public record JdkCallSite(int location, String owner, String name, String descriptor, Form form, String receiver) {

    /** How a call site calls. */
    public enum Form {
        /** On a receiver: the state of the receiver, and of arguments the call reads or changes. */
        INSTANCE,
        /** On a receiver, the JDK method named whatever overrides it ({@code super.add(x)} in a program subclass). */
        SUPER,
        /** A static method: the state of its arguments. */
        STATIC,
        /** {@code new C(...)}: the state of its arguments. */
        CONSTRUCTOR,
        /** A string concatenation ({@code "a" + list}): it reads its arguments' state. */
        CONCATENATION
    }

    /** The method as people write it: "Map.get", "new ArrayList", "Collections.sort", "string concatenation". */
    public String api() {
        return switch (form) {
            case CONSTRUCTOR -> "new " + simpleName(owner);
            case CONCATENATION -> "string concatenation";
            default -> simpleName(owner) + "." + name;
        };
    }

    /** "java/util/Map$Entry" or "java.util.Map$Entry" as "Map.Entry". */
    public static String simpleName(String className) {
        int start = Math.max(className.lastIndexOf('/'), className.lastIndexOf('.')) + 1;
        return className.substring(start).replace('$', '.');
    }
}
