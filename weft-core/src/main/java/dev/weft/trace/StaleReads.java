package dev.weft.trace;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The reads of a run that returned an older write than the newest one before them in the run's
 * order, as {@code -m jmm} lets a read do when no happens-before edge shows it the newer write: what
 * the run needed of the relaxed model, for reports and fix advice. Under SC every read returns the
 * newest write before it; under TSO/PSO a write becomes visible at its FLUSH, which the trace shows, so
 * a trace with buffered writes has no stale read here. A read is matched to the newest earlier write of
 * the value it returned (or the initial value); two writes of one value cannot be told apart, and then
 * the newer one is taken, which only hides a reordering no value shows.
 */
public final class StaleReads {
    /** No such event. */
    public static final int NONE = -2;
    /** The read returned the address's value before the run wrote it. */
    public static final int INITIAL = -1;

    /** One stale read: the write it returned ({@link #INITIAL} for the initial value) and the newest write it missed. */
    public record Stale(int read, int source, int missed) {
    }

    private final int[] source;
    private final int[] missed;
    private final List<Stale> all;

    private StaleReads(int[] source, int[] missed, List<Stale> all) {
        this.source = source;
        this.missed = missed;
        this.all = all;
    }

    public static StaleReads of(Trace trace) {
        int n = trace.size();
        int[] source = new int[n];
        int[] missed = new int[n];
        Arrays.fill(source, NONE);
        Arrays.fill(missed, NONE);
        List<Stale> all = new ArrayList<>();
        if (trace.events().stream().anyMatch(e -> e.has(Event.BUFFERED))) {
            return new StaleReads(source, missed, all);
        }
        Map<Address, List<Event>> writes = new HashMap<>();
        for (Event e : trace.events()) {
            Address a = e.address();
            if (a == null || !a.isMemory()) {
                continue;
            }
            List<Event> before = writes.computeIfAbsent(a, k -> new ArrayList<>());
            if (e.reads() && !before.isEmpty() && before.get(before.size() - 1).writtenValue() != e.value()) {
                int returned = newestWriteOf(before, e.value(), trace.initialValue(a));
                if (returned != NONE) {
                    source[e.index()] = returned;
                    missed[e.index()] = before.get(before.size() - 1).index();
                    all.add(new Stale(e.index(), returned, missed[e.index()]));
                }
            }
            if (e.wrote()) {
                before.add(e);
            }
        }
        return new StaleReads(source, missed, all);
    }

    /** The newest of {@code writes} of {@code value}, else {@link #INITIAL} if the address held it first, else {@link #NONE}. */
    private static int newestWriteOf(List<Event> writes, long value, Long initial) {
        for (int i = writes.size() - 1; i >= 0; i--) {
            if (writes.get(i).writtenValue() == value) {
                return writes.get(i).index();
            }
        }
        return initial != null && initial == value ? INITIAL : NONE;
    }

    /** Whether {@code event} is a read that returned an older write than the newest before it. */
    public boolean isStale(int event) {
        return missed[event] != NONE;
    }

    /** For a stale read: the write it returned, or {@link #INITIAL}. */
    public int source(int event) {
        return source[event];
    }

    /** For a stale read: the newest write before it in the run, which it did not see. */
    public int missed(int event) {
        return missed[event];
    }

    /** Every stale read, in the run's order. */
    public List<Stale> all() {
        return all;
    }
}
