package dev.weft.runtime;

import dev.weft.trace.Address;
import dev.weft.trace.MemoryModel;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * One thread's buffered writes (TSO/PSO), in program order. Under TSO only the oldest write may
 * become visible next (one FIFO per thread); under PSO the oldest write of each address may (one
 * FIFO per address), except that a release or store-store fence keeps writes made after it behind
 * every write made before it (the fence opens a new epoch). The program's store itself happens at
 * once; {@link VisibleValues} keeps other threads from seeing it before its flush.
 */
final class StoreBuffer {

    /** A write waiting to become visible to other threads; {@code raw} is the Java value the program stored. */
    record Entry(Address address, long value, Object raw, char type, int writeIndex, int epoch) {
    }

    private final List<Entry> entries = new ArrayList<>();
    private int epoch;

    void add(Address address, long value, Object raw, char type, int writeIndex) {
        entries.add(new Entry(address, value, raw, type, writeIndex, epoch));
    }

    boolean isEmpty() {
        return entries.isEmpty();
    }

    /** Store forwarding: the newest buffered write to {@code address}, or null. */
    Entry newest(Address address) {
        for (int i = entries.size() - 1; i >= 0; i--) {
            if (entries.get(i).address().equals(address)) {
                return entries.get(i);
            }
        }
        return null;
    }

    /** Under PSO, writes before this point become visible before writes after it. */
    void storeStoreBarrier() {
        epoch++;
    }

    /** The addresses whose oldest buffered write may be flushed now, oldest first. */
    Set<Address> flushable(MemoryModel model) {
        Set<Address> out = new LinkedHashSet<>();
        if (entries.isEmpty()) {
            return out;
        }
        if (model == MemoryModel.TSO) {
            out.add(entries.get(0).address());
            return out;
        }
        int oldestEpoch = entries.get(0).epoch();
        for (Entry e : entries) {
            if (e.epoch() != oldestEpoch) {
                break;
            }
            out.add(e.address());
        }
        return out;
    }

    /** Removes and returns the write a flush of {@code address} publishes, or null if none may be flushed now. */
    Entry take(MemoryModel model, Address address) {
        if (!flushable(model).contains(address)) {
            return null;
        }
        for (int i = 0; i < entries.size(); i++) {
            if (entries.get(i).address().equals(address)) {
                return entries.remove(i);
            }
        }
        return null;
    }

    /** Removes and returns the oldest write (draining publishes them all in program order). */
    Entry takeOldest() {
        return entries.remove(0);
    }
}
