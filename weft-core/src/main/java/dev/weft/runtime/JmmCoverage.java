package dev.weft.runtime;

import dev.weft.trace.Address;
import dev.weft.trace.Event;
import dev.weft.trace.EventKind;
import dev.weft.trace.FenceKind;
import dev.weft.trace.IncompleteReason;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What {@link JmmViews} does not explore: a plain read returning a write made later (load buffering,
 * LB: {@code r=x; y=1 || s=y; x=1} with r=s=1). The JMM lets a plain read move after a later plain
 * write of its thread to another address; Weft's runs never show it, so a run in which that could be
 * seen is not covered: a thread reads {@code x}, which another thread writes, and later writes
 * {@code y}, with nothing between that keeps the read first (a release, a full, acquire or release
 * fence, an atomic read-modify-write), and another thread reads {@code y} while the first still runs,
 * unordered with the write by happens-before. Happens-before is taken from locks, volatile and atomic
 * accesses (synchronization order), starts and joins only, less than the JMM has (acquire and release
 * modes are left out), so that a race is never missed: a data-race-free program shows no load buffering.
 * Nor does it explore a plain write becoming visible before an earlier volatile write of its thread
 * ({@link #mayHideEarlyWrite}), which likewise only a racy read can observe.
 */
final class JmmCoverage {
    static final IncompleteReason LOAD_BUFFERING = IncompleteReason.of("jmm-load-buffering",
            "under jmm a plain read may return a write its thread makes later (load buffering), which Weft does not explore");
    static final IncompleteReason EARLY_WRITE = IncompleteReason.of("jmm-early-write",
            "under jmm a plain write may become visible before an earlier volatile write of its thread, which Weft does not explore");

    private JmmCoverage() {
    }

    /** What of the JMM the run may hide: load buffering, an early write, or both (none: the run covers what it stands for). */
    static List<IncompleteReason> uncovered(List<Event> events) {
        List<IncompleteReason> reasons = new ArrayList<>();
        if (mayHideLoadBuffering(events)) {
            reasons.add(LOAD_BUFFERING);
        }
        if (mayHideEarlyWrite(events)) {
            reasons.add(EARLY_WRITE);
        }
        return reasons;
    }

    /**
     * Whether a plain or opaque write that another thread reads unordered with it follows a volatile write
     * of its thread with nothing between that keeps it second: the JMM lets it become visible first (a
     * release keeps earlier accesses before it, not later ones), so another thread may read it and then,
     * in a volatile read, the older value of the volatile field ({@code examples.litmus.MPVolatileX}).
     * {@link JmmViews} makes every write visible in program order and a volatile read return the newest
     * volatile write, so its runs never show that. What keeps the write second: an acquire (a volatile
     * read, an atomic read-modify-write, a lock) or a release or full fence between, or the write's own release mode.
     */
    private static boolean mayHideEarlyWrite(List<Event> events) {
        Map<Address, List<Event>> readsOf = readsByAddress(events);
        Map<Integer, Integer> endOf = ends(events);
        int[][] clocks = clocks(events);
        Set<Integer> afterVolatileWrite = new HashSet<>();
        for (Event e : events) {
            if (e.kind() == EventKind.VOLATILE_WRITE) {
                afterVolatileWrite.add(e.thread());
            } else if (keepsLaterWritesSecond(e)) {
                afterVolatileWrite.remove(e.thread());
            } else if (e.kind() == EventKind.WRITE && !e.has(Event.ACQUIRE_RELEASE) && afterVolatileWrite.contains(e.thread())
                    && racingReadWhileLive(readsOf.getOrDefault(e.address(), List.of()), e, endOf.getOrDefault(e.thread(), events.size()), clocks)) {
                return true;
            }
        }
        return false;
    }

    private static boolean keepsLaterWritesSecond(Event e) {
        return switch (e.kind()) {
            case VOLATILE_READ, ATOMIC_RMW, LOCK, WAKE -> true;
            case FENCE -> e.value() != FenceKind.ACQUIRE.ordinal() && e.value() != FenceKind.LOAD_LOAD.ordinal();
            default -> false;
        };
    }

    private static Map<Address, List<Event>> readsByAddress(List<Event> events) {
        Map<Address, List<Event>> readsOf = new HashMap<>();
        for (Event e : events) {
            if (e.readsLocation()) {
                readsOf.computeIfAbsent(e.address(), a -> new ArrayList<>()).add(e);
            }
        }
        return readsOf;
    }

    private static Map<Integer, Integer> ends(List<Event> events) {
        Map<Integer, Integer> endOf = new HashMap<>();
        for (Event e : events) {
            if (e.kind() == EventKind.END) {
                endOf.put(e.thread(), e.index());
            }
        }
        return endOf;
    }

    /** Whether the run's {@code events} contain a read->write pair whose reordering another thread could observe. */
    private static boolean mayHideLoadBuffering(List<Event> events) {
        Map<Address, Set<Integer>> writers = new HashMap<>();
        for (Event e : events) {
            if (e.writesLocation()) {
                writers.computeIfAbsent(e.address(), a -> new HashSet<>()).add(e.thread());
            }
        }
        Map<Address, List<Event>> readsOf = readsByAddress(events);
        Map<Integer, Integer> endOf = ends(events);
        int[][] clocks = clocks(events);
        Map<Integer, Set<Address>> readsWrittenElsewhere = new HashMap<>();
        for (Event e : events) {
            if (keepsLaterWritesAfterEarlierReads(e)) {
                readsWrittenElsewhere.remove(e.thread());
            } else if (e.kind() == EventKind.READ && !e.has(Event.ACQUIRE_RELEASE) && writtenByOthers(writers, e)) {
                readsWrittenElsewhere.computeIfAbsent(e.thread(), t -> new HashSet<>()).add(e.address());
            } else if (e.kind() == EventKind.WRITE && !e.has(Event.ACQUIRE_RELEASE)) {
                Set<Address> reads = readsWrittenElsewhere.getOrDefault(e.thread(), Set.of());
                boolean earlierReadOfAnother = reads.size() > 1 || reads.size() == 1 && !reads.contains(e.address());
                int end = endOf.getOrDefault(e.thread(), events.size());
                if (earlierReadOfAnother && racingReadWhileLive(readsOf.getOrDefault(e.address(), List.of()), e, end, clocks)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean writtenByOthers(Map<Address, Set<Integer>> writers, Event read) {
        Set<Integer> by = writers.getOrDefault(read.address(), Set.of());
        return by.size() > 1 || by.size() == 1 && !by.contains(read.thread());
    }

    /** Whether another thread read {@code write}'s address before event {@code end}, unordered with the write. */
    private static boolean racingReadWhileLive(List<Event> reads, Event write, int end, int[][] clocks) {
        for (Event read : reads) {
            if (read.index() < end && read.thread() != write.thread() && !ordered(write, read, clocks) && !ordered(read, write, clocks)) {
                return true;
            }
        }
        return false;
    }

    private static boolean ordered(Event before, Event after, int[][] clocks) {
        return clocks[after.index()][before.thread()] >= clocks[before.index()][before.thread()];
    }

    /** Each event's vector clock (indexed by thread id), after the event. */
    private static int[][] clocks(List<Event> events) {
        int threads = events.stream().mapToInt(Event::thread).max().orElse(0) + 1;
        for (Event e : events) {
            if (e.kind() == EventKind.FORK) {
                threads = Math.max(threads, e.peerThread() + 1);
            }
        }
        Map<Integer, int[]> byThread = new HashMap<>();
        Map<Object, int[]> released = new HashMap<>();
        int[][] out = new int[events.size()][];
        for (Event e : events) {
            int size = threads;
            int[] clock = byThread.computeIfAbsent(e.thread(), t -> new int[size]);
            acquire(e, clock, released);
            clock[e.thread()]++;
            release(e, clock, released);
            out[e.index()] = clock.clone();
        }
        return out;
    }

    private static void acquire(Event e, int[] clock, Map<Object, int[]> released) {
        Object from = switch (e.kind()) {
            case LOCK, WAKE -> e.address();
            case VOLATILE_READ, ATOMIC_RMW -> e.address();
            case JOIN -> "end of " + e.peerThread();
            case BEGIN -> "start of " + e.thread();
            default -> null;
        };
        int[] published = from == null ? null : released.get(from);
        if (published != null) {
            join(clock, published);
        }
    }

    private static void release(Event e, int[] clock, Map<Object, int[]> released) {
        Object into = switch (e.kind()) {
            case UNLOCK, WAIT -> e.address();
            case VOLATILE_WRITE, ATOMIC_RMW -> e.address();
            case END -> "end of " + e.thread();
            case FORK -> "start of " + e.peerThread();
            default -> null;
        };
        if (into != null) {
            join(released.computeIfAbsent(into, k -> new int[clock.length]), clock);
        }
    }

    private static void join(int[] into, int[] from) {
        for (int t = 0; t < into.length; t++) {
            into[t] = Math.max(into[t], from[t]);
        }
    }

    private static boolean keepsLaterWritesAfterEarlierReads(Event e) {
        return switch (e.kind()) {
            case VOLATILE_WRITE, ATOMIC_RMW, UNLOCK -> true;
            case FENCE -> e.value() != FenceKind.LOAD_LOAD.ordinal() && e.value() != FenceKind.STORE_STORE.ordinal();
            default -> false;
        };
    }
}
