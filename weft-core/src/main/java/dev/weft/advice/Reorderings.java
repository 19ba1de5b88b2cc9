package dev.weft.advice;

import dev.weft.trace.Address;
import dev.weft.trace.Event;
import dev.weft.trace.EventKind;
import dev.weft.trace.FenceKind;
import dev.weft.trace.FieldInfo;
import dev.weft.trace.Location;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.Trace;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The reorderings a run under TSO/PSO needed, and the fixes that forbid each (under JMM:
 * {@link JmmReorderings}). A buffered write
 * {@code w} was reordered with a later step {@code e} of its thread when {@code e} happened while
 * {@code w} was still invisible to the other threads: {@code e} a plain or volatile read of another address
 * (store→load, TSO and PSO), or, under PSO, a buffered write of another address whose flush came
 * before {@code w}'s (store→store). A run with no reordering is a run under SC.
 */
final class Reorderings {
    private Reorderings() {
    }

    /** One reordering: {@code write} still buffered when {@code later} happened (both events of the run). */
    record Pair(Event write, Event later) {
        boolean storeStore() {
            return later.kind() == EventKind.WRITE;
        }
    }

    static List<Pair> of(Trace trace, MemoryModel model) {
        Map<Integer, Integer> flushOf = new HashMap<>();
        for (Event e : trace.events()) {
            if (e.kind() == EventKind.FLUSH) {
                flushOf.put(e.flushedWrite(), e.index());
            }
        }
        List<Pair> pairs = new java.util.ArrayList<>();
        for (Event w : trace.events()) {
            if (w.kind() != EventKind.WRITE || !w.has(Event.BUFFERED)) {
                continue;
            }
            int visible = flushOf.getOrDefault(w.index(), trace.size());
            for (Event later : trace.stepsOf(w.thread()).subList(w.seq() + 1, trace.stepsOf(w.thread()).size())) {
                if (later.index() >= visible) {
                    break;
                }
                if (reordered(w, later, model, flushOf, trace.size())) {
                    pairs.add(new Pair(w, later));
                }
            }
        }
        return pairs;
    }

    private static boolean reordered(Event w, Event later, MemoryModel model, Map<Integer, Integer> flushOf, int end) {
        if (later.address() == null || !later.address().isMemory() || later.address().equals(w.address())) {
            return false; // the thread reads its own buffered write (forwarding), which SC shows too
        }
        if (later.reads() && !later.kind().drainsBuffers()) {
            return true; // a plain or volatile read: neither waits for the buffer
        }
        return model == MemoryModel.PSO && later.kind() == EventKind.WRITE && later.has(Event.BUFFERED)
                && flushOf.getOrDefault(later.index(), end) < flushOf.getOrDefault(w.index(), end);
    }

    /**
     * The fixes that forbid at least one of the run's reorderings, leaving out {@code applied} (the run
     * happened with them, so they do not forbid it: a fence that shares its line with the write).
     */
    static Set<Fix> candidates(Trace trace, MemoryModel model, Set<Fix> applied) {
        Set<Fix> out = new LinkedHashSet<>();
        if (model == MemoryModel.JMM) {
            JmmReorderings.candidates(trace, out);
        }
        for (Pair pair : of(trace, model)) {
            fixesFor(trace, pair, out);
        }
        out.removeAll(applied);
        return out;
    }

    /** Whether the run needed a reordering of {@code model}: a run that needed none is a run under SC. */
    static boolean needed(Trace trace, MemoryModel model) {
        return model == MemoryModel.JMM ? JmmReorderings.needed(trace) : !of(trace, model).isEmpty();
    }

    /**
     * The fixes of one reordering: the written field volatile (its write is visible at once), for
     * store→store the later write's field volatile (a volatile write is a release), or a fence before
     * the later access's line: a store-store fence for store→store, a full fence for store→load. Not
     * the later read's field volatile: a JVM's volatile load does not wait for the thread's buffered
     * writes. A fence on the write's own line might run before the write, so it is not offered.
     */
    private static void fixesFor(Trace trace, Pair pair, Set<Fix> out) {
        addVolatile(trace, pair.write().address(), out);
        if (pair.storeStore()) {
            addVolatile(trace, pair.later().address(), out);
        }
        Location at = trace.symbols().locations().get(pair.later().location());
        Location written = trace.symbols().locations().get(pair.write().location());
        if (at != null && at.sourceFile() != null && at.line() > 0 && !sameLine(at, written)) {
            out.add(Fix.fence(at.sourceFile(), at.line(), pair.storeStore() ? FenceKind.STORE_STORE : FenceKind.FULL));
        }
    }

    static boolean sameLine(Location a, Location b) {
        return b != null && a.line() == b.line() && a.sourceFile().equals(b.sourceFile());
    }

    static void addVolatile(Trace trace, Address address, Set<Fix> out) {
        if (address.kind() == Address.Kind.STATIC_FIELD || address.kind() == Address.Kind.INSTANCE_FIELD) {
            FieldInfo field = trace.symbols().fields().get(address.slot());
            out.add(Fix.makeVolatile(field.owner().replace('/', '.') + "." + field.name()));
        }
    }
}
