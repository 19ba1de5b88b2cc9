package dev.weft.race;

import dev.weft.trace.Address;
import dev.weft.trace.Event;
import dev.weft.trace.EventKind;
import dev.weft.trace.Trace;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The data races of one recorded run: pairs of accesses to one memory address from different threads,
 * at least one a write and at least one plain (not volatile or atomic), that no happens-before edge
 * orders. Happens-before is program order plus the synchronization the run performed: start and
 * begin, end and join, lock release and the next acquire (wait releases, wake acquires), notify and
 * the wake it caused, a volatile, atomic or release write and later volatile, atomic or acquire reads of that
 * address (as for volatiles, any later one, not only the one that reads it), unpark or
 * interrupt and the target's later park.
 *
 * <p>This is the vector-clock check over the recorded order; the race constraint of the MCR talk
 * slides, asked of the solver, is {@code dev.weft.causal.RaceQueries}. Every pair reported here is
 * unordered in a real execution, so it is a data race in the Java memory model's sense; it misses
 * races that only a reordered run would show, which prediction or the exploration's other runs
 * find. It also confirms each predicted race in its witness run. Under TSO/PSO the access of a
 * buffered write is the write itself (its program point), not its flush. JDK code is not
 * instrumented, so data handed over only through a JDK concurrent collection shows as racing
 * (docs/reports.md).
 */
public final class DataRaces {
    private DataRaces() {
    }

    /**
     * One racy pair of events of the run.
     *
     * @param earlier the access that came first in the run
     * @param later   the access that came second
     */
    public record RacyPair(Event earlier, Event later) {
    }

    /** An access as remembered for later checks: only the latest per thread, location and kind matters. */
    private record AccessKey(int thread, int location, boolean writes, boolean plain) {
    }

    public static List<RacyPair> in(Trace trace) {
        int width = 1;
        for (Event e : trace.events()) {
            width = Math.max(width, e.thread() + 1);
        }
        Map<Integer, int[]> clocks = new HashMap<>();
        Map<Integer, int[]> started = new HashMap<>();
        Map<Integer, int[]> ended = new HashMap<>();
        Map<Integer, int[]> notified = new HashMap<>();
        Map<Object, int[]> released = new HashMap<>();
        Map<Address, Map<AccessKey, Event>> accesses = new HashMap<>();
        Map<Event, int[]> epochs = new HashMap<>();
        List<RacyPair> races = new ArrayList<>();
        for (Event e : trace.events()) {
            if (e.kind() == EventKind.FLUSH) {
                continue;
            }
            int[] clock = clocks.computeIfAbsent(e.thread(), t -> new int[0]);
            clock = acquire(e, clock, started, ended, notified, released, width);
            clock[e.thread()]++;
            clocks.put(e.thread(), clock);
            if (e.accessesMemory()) {
                Map<AccessKey, Event> earlier = accesses.computeIfAbsent(e.address(), a -> new LinkedHashMap<>());
                for (Map.Entry<AccessKey, Event> other : earlier.entrySet()) {
                    AccessKey key = other.getKey();
                    boolean conflict = key.thread() != e.thread() && (key.writes() || e.wrote()) && (key.plain() || e.isPlainAccess());
                    if (conflict && epochs.get(other.getValue())[key.thread()] > clock[key.thread()]) {
                        races.add(new RacyPair(other.getValue(), e));
                    }
                }
                AccessKey key = new AccessKey(e.thread(), e.location(), e.wrote(), e.isPlainAccess());
                Event replaced = earlier.remove(key);
                if (replaced != null) {
                    epochs.remove(replaced);
                }
                earlier.put(key, e);
                epochs.put(e, clock.clone());
            }
            release(e, clock, started, ended, notified, released);
        }
        return races;
    }

    private static int[] acquire(Event e, int[] clock, Map<Integer, int[]> started, Map<Integer, int[]> ended,
                                 Map<Integer, int[]> notified, Map<Object, int[]> released, int width) {
        int[] joined = Arrays.copyOf(clock, width);
        switch (e.kind()) {
            case BEGIN -> join(joined, started.get(e.thread()));
            case JOIN -> join(joined, ended.get(e.peerThread()));
            case LOCK -> join(joined, released.get(e.address()));
            case WAKE -> {
                join(joined, released.get(e.address()));
                join(joined, notified.get(e.takenNotify()));
            }
            case VOLATILE_READ, ATOMIC_RMW -> join(joined, released.get(e.address()));
            case READ -> {
                if (e.has(Event.ACQUIRE_RELEASE)) {
                    join(joined, released.get(e.address()));
                }
            }
            case PARK -> join(joined, released.get(List.of("permit", e.thread())));
            default -> {
            }
        }
        return joined;
    }

    private static void release(Event e, int[] clock, Map<Integer, int[]> started, Map<Integer, int[]> ended,
                                Map<Integer, int[]> notified, Map<Object, int[]> released) {
        switch (e.kind()) {
            case FORK -> started.put(e.peerThread(), clock.clone());
            case END -> ended.put(e.thread(), clock.clone());
            case NOTIFY -> notified.put(e.index(), clock.clone());
            case UNLOCK, WAIT, VOLATILE_WRITE -> accumulate(released, e.address(), clock);
            case WRITE -> {
                if (e.has(Event.ACQUIRE_RELEASE)) {
                    accumulate(released, e.address(), clock);
                }
            }
            case ATOMIC_RMW -> {
                if (e.wrote()) {
                    accumulate(released, e.address(), clock);
                }
            }
            case UNPARK, INTERRUPT -> accumulate(released, List.of("permit", e.peerThread()), clock);
            default -> {
            }
        }
    }

    private static void accumulate(Map<Object, int[]> released, Object key, int[] clock) {
        int[] previous = released.get(key);
        int[] merged = previous == null ? clock.clone() : Arrays.copyOf(previous, Math.max(previous.length, clock.length));
        join(merged, clock);
        released.put(key, merged);
    }

    private static void join(int[] into, int[] other) {
        if (other == null) {
            return;
        }
        for (int i = 0; i < Math.min(into.length, other.length); i++) {
            into[i] = Math.max(into[i], other[i]);
        }
    }
}
