package dev.weft.runtime;

import java.lang.reflect.Array;
import java.lang.reflect.Field;

/**
 * A field or array element read and written by the runtime itself: to learn a location's initial
 * value, and to perform a buffered store when it is flushed. Raw values are boxed as the hooks
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
                    Class<?> type = field.getType();
                    if (type == boolean.class) {
                        field.setBoolean(target, ((Integer) raw) != 0);
                    } else if (type == byte.class) {
                        field.setByte(target, (byte) (int) (Integer) raw);
                    } else if (type == char.class) {
                        field.setChar(target, (char) (int) (Integer) raw);
                    } else if (type == short.class) {
                        field.setShort(target, (short) (int) (Integer) raw);
                    } else {
                        field.set(target, raw);
                    }
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
                Class<?> type = array.getClass().getComponentType();
                if (type == boolean.class) {
                    Array.setBoolean(array, index, ((Integer) raw) != 0);
                } else if (type == byte.class) {
                    Array.setByte(array, index, (byte) (int) (Integer) raw);
                } else if (type == char.class) {
                    Array.setChar(array, index, (char) (int) (Integer) raw);
                } else if (type == short.class) {
                    Array.setShort(array, index, (short) (int) (Integer) raw);
                } else {
                    Array.set(array, index, raw);
                }
            }
        };
    }
}
