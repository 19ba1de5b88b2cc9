package dev.weft.trace;

/**
 * A field the instrumented program accesses, resolved to the class that declares it.
 *
 * @param owner      internal name of the declaring class ("examples/LostUpdate")
 * @param name       field name
 * @param descriptor JVM type descriptor ("I", "Ljava/lang/Object;")
 * @param isVolatile its writes are volatile writes: declared {@code volatile}, or made so by {@code --assume-volatile}
 * @param volatileReads its reads are volatile reads too (declared {@code volatile}). A field only
 *                   {@code --assume-volatile} makes volatile keeps plain reads: a JVM on TSO/PSO hardware makes a
 *                   volatile read a plain (or acquire) load that does not wait for the thread's own buffered writes,
 *                   which Weft's volatile reads do; a fix must not be proved by that stronger ordering
 */
public record FieldInfo(int id, String owner, String name, String descriptor, boolean isStatic, boolean isVolatile,
                        boolean volatileReads) {

    public FieldInfo(int id, String owner, String name, String descriptor, boolean isStatic, boolean isVolatile) {
        this(id, owner, name, descriptor, isStatic, isVolatile, isVolatile);
    }

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
