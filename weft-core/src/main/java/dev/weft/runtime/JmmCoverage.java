package dev.weft.runtime;

import dev.weft.trace.Address;
import dev.weft.trace.Event;
import dev.weft.trace.EventKind;
import dev.weft.trace.FenceKind;
import dev.weft.trace.IncompleteReason;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What {@link JmmViews} does not explore: a plain read returning a write made later (load buffering,
 * LB: {@code r=x; y=1 || s=y; x=1} with r=s=1). The JMM lets a plain read move after a later plain
 * write of its thread to another address; Weft's runs never show it, so a run in which that reordering
 * could be seen is not covered: a thread reads {@code x}, which another thread writes, and later writes
 * {@code y}, which another thread reads while the first still runs, with nothing between that keeps
 * the read first (a release, a full, acquire or release fence, an atomic read-modify-write).
 */
final class JmmCoverage {
    static final IncompleteReason LOAD_BUFFERING = IncompleteReason.of("jmm-load-buffering",
            "under jmm a plain read may return a write its thread makes later (load buffering), which Weft does not explore");

    private JmmCoverage() {
    }

    /** Whether the run's {@code events} contain a read->write pair whose reordering another thread could observe. */
    static boolean mayHideLoadBuffering(List<Event> events) {
        Map<Address, Set<Integer>> writers = new HashMap<>();
        Map<Address, Map<Integer, Integer>> firstReads = new HashMap<>();
        Map<Integer, Integer> endOf = new HashMap<>();
        for (Event e : events) {
            if (e.writesLocation()) {
                writers.computeIfAbsent(e.address(), a -> new HashSet<>()).add(e.thread());
            }
            if (e.readsLocation()) {
                firstReads.computeIfAbsent(e.address(), a -> new HashMap<>()).putIfAbsent(e.thread(), e.index());
            }
            if (e.kind() == EventKind.END) {
                endOf.put(e.thread(), e.index());
            }
        }
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
                if (earlierReadOfAnother && readByOtherWhileLive(firstReads.getOrDefault(e.address(), Map.of()), e.thread(), end)) {
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

    /** Whether a thread other than {@code writer} read the address (its first reads are {@code firstReads}) before event {@code end}. */
    private static boolean readByOtherWhileLive(Map<Integer, Integer> firstReads, int writer, int end) {
        for (Map.Entry<Integer, Integer> read : firstReads.entrySet()) {
            if (read.getKey() != writer && read.getValue() < end) {
                return true;
            }
        }
        return false;
    }

    private static boolean keepsLaterWritesAfterEarlierReads(Event e) {
        return switch (e.kind()) {
            case VOLATILE_WRITE, ATOMIC_RMW, UNLOCK -> true;
            case FENCE -> e.value() != FenceKind.LOAD_LOAD.ordinal() && e.value() != FenceKind.STORE_STORE.ordinal();
            default -> false;
        };
    }
}
