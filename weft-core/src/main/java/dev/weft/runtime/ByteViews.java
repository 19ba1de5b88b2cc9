package dev.weft.runtime;

import dev.weft.runtime.AccessTargets.Target;
import dev.weft.trace.Address;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * Accesses of several bytes of a {@code byte[]} at once, within one run: a {@code MethodHandles.byteArrayViewVarHandle}
 * and {@code sun.misc.Unsafe}'s {@code getInt}/{@code putLong} ... on a byte array. Such an access is the location of
 * the element it begins at, with the view's type, and covers the next elements too ({@link CellLayout}). Exact as
 * long as each byte of the array is accessed only ever by one extent and type in the run; an access that overlaps
 * another's bytes with another extent (a view's {@code int} and a plain {@code bytes[i + 1]}) stops the run by name.
 * A plain element access before the first view of its array is seen from its recorded initial value.
 */
final class ByteViews {
    private final Scheduler core;
    private final Map<byte[], CellLayout> layouts = new IdentityHashMap<>();

    ByteViews(Scheduler core) {
        this.core = core;
    }

    /** The cell of {@code type} at byte {@code index} of {@code array}, read and written through {@code cell}; null when out of range. */
    Target target(RunThread me, byte[] array, int index, char type, MemoryCell cell, int loc) {
        int size = CellLayout.size(type);
        if (index < 0 || index > array.length - size) {
            return null; // the access throws
        }
        long id = core.objects().id(array, me);
        CellLayout layout = layouts.computeIfAbsent(array, a -> new CellLayout());
        boolean fresh = layout.typeAt(index) == 0;
        if (!layout.claim(index, type) || fresh && plainAccessed(id, index, size)) {
            refuse(type, index, loc);
        }
        return new Target(Address.arrayElement(id, index), cell, type, true);
    }

    /** A plain access of element {@code index} of {@code array}: it stops the run where a view covers that byte. */
    void plain(Object array, int index, int loc) {
        if (!layouts.isEmpty() && array instanceof byte[] bytes) {
            CellLayout layout = layouts.get(bytes);
            if (layout != null && layout.covers(index)) {
                refuse('B', index, loc);
            }
        }
    }

    private boolean plainAccessed(long id, int index, int size) {
        for (int i = index; i < index + size; i++) {
            if (core.recording.hasInitialValue(Address.arrayElement(id, i))) {
                return true;
            }
        }
        return false;
    }

    private void refuse(char type, int index, int loc) {
        core.unsupportedLocked("a byte array read or written with mixed sizes (a " + CellLayout.size(type) + "-byte " + type
                + " access at byte " + index + " overlaps another access's bytes: a byte-array view or Unsafe with plain elements)", loc);
    }
}
