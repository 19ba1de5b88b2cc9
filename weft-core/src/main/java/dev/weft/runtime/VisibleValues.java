package dev.weft.runtime;

import dev.weft.trace.Address;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Memory as the running thread sees it under TSO/PSO. A buffered write is stored into its field or
 * array element at once, so the writing thread, and the JDK code it calls (which Weft does not
 * instrument), read it back: store forwarding. Other threads must not see it before its flush, so
 * for every address some thread has unflushed writes to, this table keeps the visible value (the
 * newest flushed one, or the value before the first buffered write), and each time the turn passes
 * to a thread, memory is set to that thread's view: its own newest buffered write, else the visible
 * value. Since one program thread runs at a time, the JDK code of every thread reads what the memory
 * model lets that thread read.
 */
final class VisibleValues {

    private static final class Slot {
        final MemoryCell cell;
        Object visible;
        int unflushed;

        Slot(MemoryCell cell) {
            this.cell = cell;
            this.visible = cell.get();
        }
    }

    private final Map<Address, Slot> slots = new LinkedHashMap<>();

    /** Called before the program stores a write it buffers to {@code address} (held in {@code cell}). */
    void buffering(Address address, MemoryCell cell) {
        slots.computeIfAbsent(address, a -> new Slot(cell)).unflushed++;
    }

    /** A buffered write to {@code address} became visible with value {@code raw}. */
    void flushed(Address address, Object raw) {
        Slot slot = slots.get(address);
        slot.visible = raw;
        slot.unflushed--;
    }

    /**
     * {@code thread}, whose view memory shows, stops running. What it stored directly meanwhile
     * (atomics, JDK code) into an address it has no buffered write to is visible to all: keep it.
     */
    void stopped(RunThread thread) {
        if (slots.isEmpty()) {
            return; // always so under SC: no iterator at each step
        }
        for (Map.Entry<Address, Slot> e : slots.entrySet()) {
            if (thread.buffer.newest(e.getKey()) == null) {
                e.getValue().visible = e.getValue().cell.get();
            }
        }
    }

    /** Sets memory to what {@code thread} sees before it runs (null: the visible values, as after the run). */
    void show(RunThread thread) {
        if (slots.isEmpty()) {
            return;
        }
        for (Iterator<Map.Entry<Address, Slot>> it = slots.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<Address, Slot> e = it.next();
            Slot slot = e.getValue();
            StoreBuffer.Entry own = thread == null ? null : thread.buffer.newest(e.getKey());
            slot.cell.set(own != null ? own.raw() : slot.visible);
            if (slot.unflushed == 0) {
                it.remove(); // memory holds the visible value and every thread sees it
            }
        }
    }
}
