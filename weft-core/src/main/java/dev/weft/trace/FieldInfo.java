package dev.weft.trace;

/**
 * A field the instrumented program accesses, resolved to the class that declares it.
 *
 * @param owner      internal name of the declaring class ("examples/LostUpdate")
 * @param name       field name
 * @param descriptor JVM type descriptor ("I", "Ljava/lang/Object;")
 * @param isVolatile its reads and writes are volatile: declared {@code volatile}, or made so by {@code --assume-volatile}
 */
public record FieldInfo(int id, String owner, String name, String descriptor, boolean isStatic, boolean isVolatile) {

    /** The descriptor letter used for {@link Event#valueType()}: 'L' for every reference type. */
    public char valueType() {
        char c = descriptor.charAt(0);
        return c == '[' ? 'L' : c;
    }

    /** "LostUpdate.count" for reports. */
    public String displayName() {
        return owner.substring(owner.lastIndexOf('/') + 1) + "." + name;
    }
}
