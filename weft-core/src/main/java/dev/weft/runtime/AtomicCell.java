package dev.weft.runtime;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The value of a {@code java.util.concurrent.atomic} object (or of one element of an atomic
 * array), read and compared-and-set by the runtime itself. Values are boxed; references compare by
 * identity as the JDK's compareAndSet does.
 */
interface AtomicCell {

    Object get();

    boolean compareAndSet(Object expected, Object update);

    /** Descriptor letter of the value ('I', 'J', 'Z' or 'L'). */
    char type();

    /** The cell, or null when {@code atomic} is no atomic class the runtime models. {@code index} must be in range for arrays. */
    @SuppressWarnings("unchecked")
    static AtomicCell of(Object atomic, int index) {
        if (atomic instanceof AtomicInteger a) {
            return cell('I', a::get, (e, u) -> a.compareAndSet((Integer) e, (Integer) u));
        }
        if (atomic instanceof AtomicLong a) {
            return cell('J', a::get, (e, u) -> a.compareAndSet((Long) e, (Long) u));
        }
        if (atomic instanceof AtomicBoolean a) {
            return cell('Z', a::get, (e, u) -> a.compareAndSet((Boolean) e, (Boolean) u));
        }
        if (atomic instanceof AtomicReference<?> a) {
            AtomicReference<Object> r = (AtomicReference<Object>) a;
            return cell('L', r::get, r::compareAndSet);
        }
        if (atomic instanceof AtomicIntegerArray a) {
            return cell('I', () -> a.get(index), (e, u) -> a.compareAndSet(index, (Integer) e, (Integer) u));
        }
        if (atomic instanceof AtomicLongArray a) {
            return cell('J', () -> a.get(index), (e, u) -> a.compareAndSet(index, (Long) e, (Long) u));
        }
        if (atomic instanceof AtomicReferenceArray<?> a) {
            AtomicReferenceArray<Object> r = (AtomicReferenceArray<Object>) a;
            return cell('L', () -> r.get(index), (e, u) -> r.compareAndSet(index, e, u));
        }
        return null;
    }

    /** Whether {@code index} names a value of {@code atomic} (-1 for scalar atomics). */
    static boolean inRange(Object atomic, int index) {
        int length;
        if (atomic instanceof AtomicIntegerArray a) {
            length = a.length();
        } else if (atomic instanceof AtomicLongArray a) {
            length = a.length();
        } else if (atomic instanceof AtomicReferenceArray<?> a) {
            length = a.length();
        } else {
            return true;
        }
        return index >= 0 && index < length;
    }

    interface Swap {
        boolean compareAndSet(Object expected, Object update);
    }

    private static AtomicCell cell(char type, java.util.function.Supplier<Object> getter, Swap swap) {
        return new AtomicCell() {
            @Override
            public Object get() {
                return getter.get();
            }

            @Override
            public boolean compareAndSet(Object expected, Object update) {
                return swap.compareAndSet(expected, update);
            }

            @Override
            public char type() {
                return type;
            }
        };
    }
}
