package dev.weft.runtime;

import java.lang.reflect.Array;
import java.lang.reflect.Field;

/**
 * A field or array element read and written by the runtime itself: to learn a location's initial
 * value, and to set what a thread sees of a location other threads have buffered writes to (see
 * {@link VisibleValues}). {@link #set} takes values boxed as {@link #get} returns them or as the hooks
 * receive them (sub-int types as {@code Integer}).
 */
interface MemoryCell {

    /** The current value, boxed (booleans as Boolean, chars as Character ...). */
    Object get();

    void set(Object raw);

    /** False where reflection cannot store later (final fields of records and hidden classes): such writes are never delayed. */
    default boolean settable() {
        return true;
    }

    static MemoryCell field(Field field, Object target) {
        return new MemoryCell() {
            @Override
            public boolean settable() {
                Class<?> owner = field.getDeclaringClass();
                return !java.lang.reflect.Modifier.isFinal(field.getModifiers()) || !(owner.isRecord() || owner.isHidden());
            }

            @Override
            public Object get() {
                try {
                    return field.get(target);
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException("cannot read " + field, e);
                }
            }

            @Override
            public void set(Object raw) {
                try {
                    field.set(target, boxedAs(field.getType(), raw));
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException("cannot write " + field, e);
                }
            }
        };
    }

    static MemoryCell element(Object array, int index) {
        return new MemoryCell() {
            @Override
            public Object get() {
                return Array.get(array, index);
            }

            @Override
            public void set(Object raw) {
                Array.set(array, index, boxedAs(array.getClass().getComponentType(), raw));
            }
        };
    }

    /**
     * The {@code type} value at {@code offset} of {@code base} as {@code sun.misc.Unsafe} reads it (base null: at that
     * address), in the machine's byte order, as the program's Unsafe calls see it.
     */
    @SuppressWarnings({"deprecation", "removal"})
    static MemoryCell unsafe(Object base, long offset, char type) {
        sun.misc.Unsafe u = UnsafeOffsets.unsafe();
        return new MemoryCell() {
            @Override
            public Object get() {
                return switch (type) {
                    case 'B' -> u.getByte(base, offset);
                    case 'Z' -> u.getBoolean(base, offset);
                    case 'S' -> u.getShort(base, offset);
                    case 'C' -> u.getChar(base, offset);
                    case 'I' -> u.getInt(base, offset);
                    case 'F' -> u.getFloat(base, offset);
                    case 'D' -> u.getDouble(base, offset);
                    default -> u.getLong(base, offset);
                };
            }

            @Override
            public void set(Object raw) {
                switch (type) {
                    case 'B' -> u.putByte(base, offset, ((Number) raw).byteValue());
                    case 'Z' -> u.putBoolean(base, offset, raw instanceof Boolean b ? b : ((Number) raw).intValue() != 0);
                    case 'S' -> u.putShort(base, offset, ((Number) raw).shortValue());
                    case 'C' -> u.putChar(base, offset, raw instanceof Character c ? c : (char) ((Number) raw).intValue());
                    case 'I' -> u.putInt(base, offset, ((Number) raw).intValue());
                    case 'F' -> u.putFloat(base, offset, (Float) raw);
                    case 'D' -> u.putDouble(base, offset, (Double) raw);
                    default -> u.putLong(base, offset, ((Number) raw).longValue());
                }
            }
        };
    }

    /** Element {@code index} of {@code array} as the byte-array view {@code view} reads it, in the view's byte order. */
    static MemoryCell view(java.lang.invoke.VarHandle view, Object array, int index) {
        return new MemoryCell() {
            @Override
            public Object get() {
                return view.get(array, index);
            }

            @Override
            public void set(Object raw) {
                view.set(array, index, raw);
            }
        };
    }

    /** {@code raw}, as {@link #get} returns it or as the hooks receive it, in the box reflection stores into a {@code type}. */
    private static Object boxedAs(Class<?> type, Object raw) {
        if (type == boolean.class) {
            return raw instanceof Boolean ? raw : (Integer) raw != 0;
        }
        if (type == char.class) {
            return raw instanceof Character ? raw : (char) (int) (Integer) raw;
        }
        if (type == byte.class) {
            return ((Number) raw).byteValue();
        }
        if (type == short.class) {
            return ((Number) raw).shortValue();
        }
        return raw;
    }
}
