package dev.weft.causal;

import dev.weft.trace.Address;
import dev.weft.trace.Event;
import dev.weft.trace.EventKind;
import dev.weft.trace.Symbols;
import dev.weft.trace.Trace;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Writes traces event by event for causal-model tests; a write made with {@link #buffered} is
 * published by {@link #flush}. Every event is marked chosen, as the runtime marks one-choice events;
 * {@link #at} gives the next event a program location (else it has none).
 */
final class TraceBuilder {
    static final Address X = Address.staticField(0);
    static final Address Y = Address.staticField(1);

    final List<Event> events = new ArrayList<>();
    private final Map<Integer, Integer> seqs = new HashMap<>();
    private int nextLocation = -1;

    /** The next event is at program location {@code location}. */
    TraceBuilder at(int location) {
        nextLocation = location;
        return this;
    }

    int add(EventKind kind, int thread, Address address, long value, long value2, int flags) {
        int seq = kind == EventKind.FLUSH ? -1 : seqs.merge(thread, 1, Integer::sum) - 1;
        events.add(new Event(events.size(), kind, thread, seq, nextLocation, address, value, value2, 'I', flags | Event.CHOSEN));
        nextLocation = -1;
        return events.size() - 1;
    }

    int write(int thread, Address address, long value) {
        return add(EventKind.WRITE, thread, address, value, 0, 0);
    }

    int buffered(int thread, Address address, long value) {
        return add(EventKind.WRITE, thread, address, value, 0, Event.BUFFERED);
    }

    int flush(int write) {
        Event w = events.get(write);
        return add(EventKind.FLUSH, w.thread(), w.address(), w.value(), write, 0);
    }

    int read(int thread, Address address, long value) {
        return add(EventKind.READ, thread, address, value, 0, 0);
    }

    int lock(int thread, Address lock) {
        return add(EventKind.LOCK, thread, lock, 0, 0, 0);
    }

    int unlock(int thread, Address lock) {
        return add(EventKind.UNLOCK, thread, lock, 0, 0, 0);
    }

    Trace trace() {
        return new Trace(new Symbols(), events, Map.of(X, 0L, Y, 0L));
    }
}
