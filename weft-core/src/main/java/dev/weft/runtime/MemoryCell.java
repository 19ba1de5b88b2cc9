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
