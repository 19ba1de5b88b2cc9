package dev.weft.causal;

import dev.weft.trace.Address;
import dev.weft.trace.Event;
import dev.weft.trace.EventKind;
import dev.weft.trace.Trace;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A trace's lock holdings ({@link LockPair}), by lock and by the events that begin and end them, and the seed queries
 * about their order that the value queries do not reach: lock-order inversions and locks a thread ended with.
 * {@code fixed} is the run's seed's forced events: an acquire among them is never reordered.
 */
final class LockHoldings {
    private final Trace trace;
    private final Map<Address, List<LockPair>> byLock;
    private final Map<Integer, LockPair> acquiredBy = new HashMap<>();
    private final Map<Integer, LockPair> releasedBy = new HashMap<>();

    LockHoldings(Trace trace) {
        this.trace = trace;
        this.byLock = LockPair.of(trace);
        for (List<LockPair> holdings : byLock.values()) {
            for (LockPair holding : holdings) {
                acquiredBy.put(holding.acquire(), holding);
                if (holding.release() >= 0) {
                    releasedBy.put(holding.release(), holding);
                }
            }
        }
    }

    Map<Address, List<LockPair>> byLock() {
        return byLock;
    }

    /** The holding whose outermost acquire {@code event} is, or null. */
    LockPair acquiredBy(int event) {
        return acquiredBy.get(event);
    }

    /** The holding {@code event} releases, or null. */
    LockPair releasedBy(int event) {
        return releasedBy.get(event);
    }

    /**
     * Pairs of acquires that close a two-thread lock-order inversion: thread 1 holds lock A and
     * acquires B inside, thread 2 holds B and acquires A inside. Beyond the papers, which leave
     * deadlocks to future work (mcr-systematic-testing §4.4.2): lock constraints alone only admit
     * lock-consistent runs, so these are asked for explicitly.
     */
    List<SeedQuery> inversions(BitSet fixed) {
        List<LockPair> all = new ArrayList<>();
        byLock.values().forEach(all::addAll);
        Map<Integer, LockPair> byAcquire = new HashMap<>();
        all.forEach(p -> byAcquire.put(p.acquire(), p));
        // (outer holding, inner holding) of one thread, inner acquired while outer is held
        List<LockPair[]> nestings = new ArrayList<>();
        for (LockPair outer : all) {
            int end = outer.release() >= 0 ? outer.release() : trace.size();
            for (int e = outer.acquire() + 1; e < end; e++) {
                LockPair inner = byAcquire.get(e);
                if (inner != null && inner.thread() == outer.thread() && !inner.lock().equals(outer.lock())
                        && trace.get(e).kind() == EventKind.LOCK && !fixed.get(e)) {
                    nestings.add(new LockPair[] {outer, inner});
                }
            }
        }
        List<SeedQuery> inversions = new ArrayList<>();
        for (int i = 0; i < nestings.size(); i++) {
            for (int j = i + 1; j < nestings.size(); j++) {
                LockPair[] one = nestings.get(i);
                LockPair[] two = nestings.get(j);
                if (one[0].thread() != two[0].thread() && one[0].lock().equals(two[1].lock())
                        && one[1].lock().equals(two[0].lock()) && one[0].excludes(two[1]) && two[0].excludes(one[1])) {
                    inversions.add(new SeedQuery.LockInversion(one[1].acquire(), two[1].acquire()));
                }
            }
        }
        return inversions;
    }

    /**
     * For each holding a thread ended with (a {@code java.util.concurrent} lock its failure never
     * released), each other thread's acquire of that lock that could come after it. Beyond the papers:
     * Φ_lock puts a holding never released after every other release, so no new value of a read asks
     * for the order where it is taken first, and the acquires waiting for it then block for ever.
     */
    List<SeedQuery> abandonedFirst(BitSet fixed) {
        List<SeedQuery> queries = new ArrayList<>();
        for (LockPair abandoned : abandonedHoldings()) {
            for (LockPair other : byLock.get(abandoned.lock())) {
                if (abandoned.excludes(other) && isLock(abandoned.acquire()) && isLock(other.acquire()) && !fixed.get(other.acquire())) {
                    queries.add(new SeedQuery.AbandonedLockFirst(abandoned.acquire(), other.acquire()));
                }
            }
        }
        return queries;
    }

    /**
     * Whether a lock a thread ended with was taken, by it or by another thread, through the re-acquire
     * after a wait: {@link #abandonedFirst} does not ask for the orders that involves, so the
     * exploration cannot be counted complete.
     */
    boolean abandonedOneTakenByAWake() {
        for (LockPair abandoned : abandonedHoldings()) {
            for (LockPair other : byLock.get(abandoned.lock())) {
                if ((other == abandoned || abandoned.excludes(other)) && !isLock(other.acquire())) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The holdings never released by a thread that ended: what its failure left locked. */
    private List<LockPair> abandonedHoldings() {
        Set<Integer> ended = new HashSet<>();
        for (Event e : trace.events()) {
            if (e.kind() == EventKind.END) {
                ended.add(e.thread());
            }
        }
        List<LockPair> abandoned = new ArrayList<>();
        byLock.values().forEach(holdings -> holdings.stream()
                .filter(h -> h.release() < 0 && ended.contains(h.thread())).forEach(abandoned::add));
        return abandoned;
    }

    private boolean isLock(int event) {
        return trace.get(event).kind() == EventKind.LOCK;
    }
}
