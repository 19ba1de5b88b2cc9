package dev.weft.runtime;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;

/**
 * Maps {@code sun.misc.Unsafe} offsets back to the field or array element they name, asking the
 * JVM's own {@code Unsafe} the offsets the program got from it: the program's objectFieldOffset,
 * staticFieldOffset, arrayBaseOffset and arrayIndexScale return the same numbers.
 */
@SuppressWarnings({"deprecation", "removal"})
final class UnsafeOffsets {
    private static final sun.misc.Unsafe UNSAFE = theUnsafe();

    private UnsafeOffsets() {
    }

    private static sun.misc.Unsafe theUnsafe() {
        try {
            Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
            f.setAccessible(true);
            return (sun.misc.Unsafe) f.get(null);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("sun.misc.Unsafe is not available", e);
        }
    }

    /** The JVM's Unsafe, for the raw memory Weft hands the program ({@link RawMemory}) and cells inside it. */
    static sun.misc.Unsafe unsafe() {
        return UNSAFE;
    }

    static long baseOffset(Class<?> arrayClass) {
        return UNSAFE.arrayBaseOffset(arrayClass);
    }

    static long indexScale(Class<?> arrayClass) {
        return UNSAFE.arrayIndexScale(arrayClass);
    }

    /** The field at {@code offset} of {@code owner} (static) or of {@code owner}'s instances (declared there or above), or null. */
    static Field field(Class<?> owner, long offset, boolean isStatic) {
        for (Class<?> c = owner; c != null; c = isStatic ? null : c.getSuperclass()) {
            for (Field f : c.getDeclaredFields()) {
                if (Modifier.isStatic(f.getModifiers()) == isStatic
                        && (isStatic ? UNSAFE.staticFieldOffset(f) : UNSAFE.objectFieldOffset(f)) == offset) {
                    return f;
                }
            }
        }
        return null;
    }
}
