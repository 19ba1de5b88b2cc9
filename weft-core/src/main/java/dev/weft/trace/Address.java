package dev.weft.trace;

import java.io.Serializable;

/**
 * A shared location, stable across runs that follow the same schedule.
 *
 * @param kind   what sort of location this is
 * @param object stable object identity ({@link ObjectIds}); 0 for static fields
 * @param slot   field id ({@link FieldTable}) for fields, element index for arrays and atomic arrays,
 *               the class ({@link Symbols#classes()}) of a JDK object whose state it is,
 *               -1 where the object itself is the location (monitors, locks, scalar atomics); for a
 *               {@code LOCK} of a class object, {@link #INITIALISATION} names the JVM's initialisation lock of
 *               that class (JLS 12.4.2), which is not its monitor
 */
public record Address(Kind kind, long object, int slot) implements Serializable {
    /** The slot of a class's initialisation lock. */
    public static final int INITIALISATION = 0;

    public enum Kind {
        STATIC_FIELD, INSTANCE_FIELD, ARRAY_ELEMENT,
        /** The value of an {@code java.util.concurrent.atomic} object (slot = index for atomic arrays, else -1). */
        ATOMIC,
        /** A monitor or a {@code java.util.concurrent} lock (a read/write lock is one address). */
        LOCK,
        /** A thread (slot = thread id): its life (object 0 for FORK/JOIN), interrupt status (object 0) and park permit (object 1). */
        THREAD_STATE,
        /**
         * The abstract state of a JDK object more than one thread can reach (a collection, a map, a
         * string builder, ...), which its views (iterators, key sets, sub-lists) share: calls on it
         * read or change it. Its value is a token that names the last call that changed it.
         */
        OBJECT_STATE
    }

    public static Address staticField(int fieldId) {
        return new Address(Kind.STATIC_FIELD, 0, fieldId);
    }

    public static Address instanceField(long object, int fieldId) {
        return new Address(Kind.INSTANCE_FIELD, object, fieldId);
    }

    public static Address arrayElement(long array, int index) {
        return new Address(Kind.ARRAY_ELEMENT, array, index);
    }

    public static Address atomic(long object, int index) {
        return new Address(Kind.ATOMIC, object, index);
    }

    public static Address lock(long object) {
        return new Address(Kind.LOCK, object, -1);
    }

    /** The state of JDK object {@code object}, whose class is {@code classId} in {@link Symbols#classes()}. */
    public static Address objectState(long object, int classId) {
        return new Address(Kind.OBJECT_STATE, object, classId);
    }

    /** The initialisation lock of the class whose {@code Class} object has id {@code classObject}. */
    public static Address initialisation(long classObject) {
        return new Address(Kind.LOCK, classObject, INITIALISATION);
    }

    /** True for memory locations (the ones reads and writes touch), false for locks and thread state. */
    public boolean isMemory() {
        return kind == Kind.STATIC_FIELD || kind == Kind.INSTANCE_FIELD || kind == Kind.ARRAY_ELEMENT || kind == Kind.ATOMIC
                || kind == Kind.OBJECT_STATE;
    }

    /**
     * True for locations that hold a value events read and write: memory, and a thread's interrupt
     * status ({@link Kind#THREAD_STATE} object 0; INTERRUPT sets it, {@code isInterrupted} reads it,
     * {@code interrupted} and a call an interrupt ended clear it) and park permit (object 1; UNPARK
     * gives it, PARK takes it).
     */
    public boolean holdsValue() {
        return isMemory() || kind == Kind.THREAD_STATE;
    }
}
