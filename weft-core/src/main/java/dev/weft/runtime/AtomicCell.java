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
 * array), read, set and compared-and-set by the runtime itself. Values are boxed; references compare by
 * identity as the JDK's compareAndSet does. As a {@link MemoryCell} it lets a buffered write to it
 * (an atomic's release, opaque or plain set under TSO/PSO) stay hidden from other threads.
 */
interface AtomicCell extends MemoryCell {

    boolean compareAndSet(Object expected, Object update);

    /** Descriptor letter of the value ('I', 'J', 'Z' or 'L'). */
    char type();

    /** The cell, or null when {@code atomic} is no atomic class the runtime models. {@code index} must be in range for arrays. */
    @SuppressWarnings("unchecked")
    static AtomicCell of(Object atomic, int index) {
        if (atomic instanceof AtomicInteger a) {
            return cell('I', a::get, v -> a.set((Integer) v), (e, u) -> a.compareAndSet((Integer) e, (Integer) u));
        }
        if (atomic instanceof AtomicLong a) {
            return cell('J', a::get, v -> a.set((Long) v), (e, u) -> a.compareAndSet((Long) e, (Long) u));
        }
        if (atomic instanceof AtomicBoolean a) {
            return cell('Z', a::get, v -> a.set(v instanceof Boolean b ? b : (Integer) v != 0), (e, u) -> a.compareAndSet((Boolean) e, (Boolean) u));
        }
        if (atomic instanceof AtomicReference<?> a) {
            AtomicReference<Object> r = (AtomicReference<Object>) a;
            return cell('L', r::get, r::set, r::compareAndSet);
        }
        if (atomic instanceof AtomicIntegerArray a) {
            return cell('I', () -> a.get(index), v -> a.set(index, (Integer) v), (e, u) -> a.compareAndSet(index, (Integer) e, (Integer) u));
        }
        if (atomic instanceof AtomicLongArray a) {
            return cell('J', () -> a.get(index), v -> a.set(index, (Long) v), (e, u) -> a.compareAndSet(index, (Long) e, (Long) u));
        }
        if (atomic instanceof AtomicReferenceArray<?> a) {
            AtomicReferenceArray<Object> r = (AtomicReferenceArray<Object>) a;
            return cell('L', () -> r.get(index), v -> r.set(index, v), (e, u) -> r.compareAndSet(index, e, u));
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

    private static AtomicCell cell(char type, java.util.function.Supplier<Object> getter, java.util.function.Consumer<Object> setter,
                                   Swap swap) {
        return new AtomicCell() {
            @Override
            public Object get() {
                return getter.get();
            }

            @Override
            public void set(Object raw) {
                setter.accept(raw);
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
