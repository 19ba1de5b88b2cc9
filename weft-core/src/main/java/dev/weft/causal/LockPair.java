package dev.weft.causal;

import dev.weft.trace.Address;
import dev.weft.trace.Event;
import dev.weft.trace.EventKind;
import dev.weft.trace.Trace;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One outermost holding of a lock by a thread: from an acquire (LOCK, or the WAKE that re-acquires
 * after a WAIT) to the matching release (UNLOCK, or a WAIT), or to the end of the trace when the
 * lock was never released ({@code release == -1}). Read locks are {@code shared}.
 */
record LockPair(Address lock, int thread, int acquire, int release, boolean shared) {

    /** Shared holdings are compatible with each other; anything else excludes. */
    boolean excludes(LockPair other) {
        return thread != other.thread && !(shared && other.shared);
    }

    /**
     * The holdings in {@code trace}, grouped by lock. Nested acquires of a held lock (reentrancy)
     * only count depth; WAIT and WAKE address the lock they release and re-acquire.
     */
    static Map<Address, List<LockPair>> of(Trace trace) {
        Map<Address, List<LockPair>> pairs = new LinkedHashMap<>();
        Map<List<Object>, int[]> open = new LinkedHashMap<>();
        for (Event e : trace.events()) {
            EventKind kind = e.kind();
            if (kind != EventKind.LOCK && kind != EventKind.UNLOCK && kind != EventKind.WAIT && kind != EventKind.WAKE) {
                continue;
            }
            boolean shared = e.has(Event.SHARED);
            List<Object> key = List.of(e.thread(), e.address(), shared);
            int[] holding = open.get(key);
            switch (kind) {
                case LOCK -> {
                    if (holding == null) {
                        open.put(key, new int[] {e.index(), 1});
                    } else {
                        holding[1]++;
                    }
                }
                case WAKE -> open.put(key, new int[] {e.index(), holding == null ? 1 : holding[1]});
                case UNLOCK, WAIT -> {
                    if (holding == null || holding[0] < 0) {
                        throw new IllegalArgumentException("inconsistent trace: event " + e.index() + " (" + kind
                                + ") releases a lock its thread does not hold");
                    }
                    if (kind == EventKind.WAIT || --holding[1] == 0) {
                        pairs.computeIfAbsent(e.address(), a -> new ArrayList<>())
                                .add(new LockPair(e.address(), e.thread(), holding[0], e.index(), shared));
                        if (kind == EventKind.WAIT) {
                            holding[0] = -1;
                        } else {
                            open.remove(key);
                        }
                    }
                }
                default -> throw new AssertionError(kind);
            }
        }
        open.forEach((key, holding) -> {
            if (holding[0] >= 0) {
                Event acquire = trace.get(holding[0]);
                pairs.computeIfAbsent(acquire.address(), a -> new ArrayList<>())
                        .add(new LockPair(acquire.address(), acquire.thread(), holding[0], -1, acquire.has(Event.SHARED)));
            }
        });
        return pairs;
    }
}
