package dev.weft.trace;

/**
 * What a call with an access mode does, told from its method name, which the {@code VarHandle}
 * access modes, the atomic classes, field updaters and {@code Unsafe} share: "getAcquire" reads in
 * acquire mode, "setRelease", "lazySet" and "putOrderedInt" write in release mode,
 * "weakCompareAndSetPlain" is a weak compare-and-set, "getAndAdd", "incrementAndGet",
 * "compareAndSwapInt" are read-modify-writes.
 *
 * @param op   what it does to its location
 * @param mode its ordering; for a read-modify-write always {@link AccessMode#VOLATILE}, since every
 *             one drains the store buffer (a locked instruction), whatever weaker mode it names
 */
public record AccessCall(Op op, AccessMode mode) {

    public enum Op {
        READ, WRITE, READ_MODIFY_WRITE,
        /** A weak compare-and-set: it may fail although the value matched (spuriously). */
        WEAK_COMPARE_AND_SET
    }

    /**
     * The call {@code owner.name} (owner in internal form): a {@code VarHandle}'s or {@code Unsafe}'s read or write whose
     * name says no mode is plain, an atomic class's or field updater's volatile.
     */
    public static AccessCall of(String owner, String name) {
        boolean plainByDefault = owner.equals("java/lang/invoke/VarHandle") || owner.equals("sun/misc/Unsafe")
                || owner.equals("jdk/internal/misc/Unsafe");
        return of(name, plainByDefault ? AccessMode.PLAIN : AccessMode.VOLATILE);
    }

    /**
     * The call named {@code name}, where a read or write whose name says no mode ("get", "set",
     * "getInt") has mode {@code unnamed} (plain for VarHandles and Unsafe, volatile for the atomic
     * classes and field updaters); null for a name that is no access.
     */
    static AccessCall of(String name, AccessMode unnamed) {
        if (name.startsWith("weakCompareAndSet")) {
            return new AccessCall(Op.WEAK_COMPARE_AND_SET, AccessMode.VOLATILE);
        }
        if (name.startsWith("compareAnd") || name.startsWith("getAnd") || name.endsWith("AndGet")) {
            return new AccessCall(Op.READ_MODIFY_WRITE, AccessMode.VOLATILE);
        }
        AccessMode mode = named(name, unnamed);
        if (name.startsWith("get")) {
            return new AccessCall(Op.READ, mode);
        }
        if (name.startsWith("set") || name.startsWith("put") || name.equals("lazySet")) {
            return new AccessCall(Op.WRITE, mode);
        }
        return null;
    }

    private static AccessMode named(String name, AccessMode unnamed) {
        if (name.endsWith("Plain")) {
            return AccessMode.PLAIN;
        }
        if (name.endsWith("Opaque")) {
            return AccessMode.OPAQUE;
        }
        if (name.endsWith("Acquire")) {
            return AccessMode.ACQUIRE;
        }
        if (name.endsWith("Release") || name.equals("lazySet") || name.startsWith("putOrdered")) {
            return AccessMode.RELEASE;
        }
        return name.endsWith("Volatile") ? AccessMode.VOLATILE : unnamed;
    }
}
