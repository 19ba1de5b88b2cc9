package dev.weft.report;

import dev.weft.trace.Address;
import dev.weft.trace.Event;
import dev.weft.trace.EventKind;
import dev.weft.trace.StaleReads;
import dev.weft.trace.Trace;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Which events of one recorded run can have influenced a given event: the closure of program order,
 * reads-from (a read depends on the write whose value it returned) and synchronization order (start
 * before the child's first event, the child's end before a join, a lock release before the next
 * acquire, the waking notify before the wake, unpark before park, an interrupt before the interrupted
 * thread's next event, which may be its reaction). Flushes are not in program order:
 * a flush depends on its buffered write, and a read of a flushed value on the flush. A read that
 * returned an older write than the newest ({@link StaleReads}, under {@code -m jmm}) depends on the older one.
 *
 * <p>This is the happens-before past of the observed run, not a minimal explanation: a lock
 * acquire depends on every earlier release of that lock even if the critical sections share no data.
 */
public final class CausalPast {
    /** Reads-from of each reading event: the index of the write it read, {@link #INITIAL}, or {@link #NOT_A_READ}. */
    private final int[] readsFrom;
    private final int[][] predecessors;
    private final StaleReads stale;

    public static final int INITIAL = -1;
    public static final int NOT_A_READ = -2;

    private CausalPast(int[] readsFrom, int[][] predecessors, StaleReads stale) {
        this.readsFrom = readsFrom;
        this.predecessors = predecessors;
        this.stale = stale;
    }

    public static CausalPast of(Trace trace) {
        int n = trace.size();
        int[] readsFrom = new int[n];
        Arrays.fill(readsFrom, NOT_A_READ);
        List<List<Integer>> preds = new ArrayList<>(n);
        Map<Integer, Integer> lastOfThread = new HashMap<>();
        Map<Integer, Integer> forkOf = new HashMap<>();
        Map<Address, Integer> lastVisibleWrite = new HashMap<>();
        Map<List<Object>, Integer> pendingInBuffer = new HashMap<>();
        Map<List<Object>, Integer> ownLastWrite = new HashMap<>();
        Map<Address, Integer> lastRelease = new HashMap<>();
        Map<Integer, Integer> lastWake = new HashMap<>();
        Map<Integer, Integer> pendingInterrupt = new HashMap<>();
        StaleReads stale = StaleReads.of(trace);
        for (Event e : trace.events()) {
            List<Integer> mine = new ArrayList<>(2);
            preds.add(mine);
            if (e.kind() == EventKind.FLUSH) {
                int write = e.flushedWrite();
                mine.add(write);
                pendingInBuffer.merge(List.of(e.thread(), e.address()), -1, Integer::sum);
                lastVisibleWrite.put(e.address(), e.index());
                continue;
            }
            Integer previous = lastOfThread.put(e.thread(), e.index());
            if (previous != null) {
                mine.add(previous);
            }
            // What a thread does after it was interrupted may be because of it (an InterruptedException, a check of the flag).
            addIfPresent(mine, pendingInterrupt.remove(e.thread()));
            Address a = e.address();
            if (e.reads() && a != null && a.isMemory()) {
                boolean forwarded = pendingInBuffer.getOrDefault(List.of(e.thread(), a), 0) > 0;
                Integer source = !stale.isStale(e.index()) ? lastVisibleWrite.get(a)
                        : stale.source(e.index()) == StaleReads.INITIAL ? null : Integer.valueOf(stale.source(e.index()));
                // A read of the thread's own buffered write depends on it through program order already.
                readsFrom[e.index()] = forwarded ? ownLastWrite.get(List.of(e.thread(), a)) : source == null ? INITIAL : source;
                if (!forwarded && source != null) {
                    mine.add(source);
                }
            }
            if (e.wrote() && a != null && a.isMemory()) {
                ownLastWrite.put(List.of(e.thread(), a), e.index());
                if (e.has(Event.BUFFERED)) {
                    pendingInBuffer.merge(List.of(e.thread(), a), 1, Integer::sum);
                } else {
                    lastVisibleWrite.put(a, e.index());
                }
            }
            switch (e.kind()) {
                case FORK -> forkOf.put(e.peerThread(), e.index());
                case BEGIN -> addIfPresent(mine, forkOf.get(e.thread()));
                case JOIN -> addIfPresent(mine, lastOfThread.get(e.peerThread()));
                case LOCK -> addIfPresent(mine, lastRelease.get(a));
                case UNLOCK, WAIT -> lastRelease.put(a, e.index());
                case WAKE -> {
                    addIfPresent(mine, lastRelease.get(a));
                    if (e.takenNotify() >= 0) {
                        mine.add(e.takenNotify());
                    }
                }
                case UNPARK -> lastWake.put(e.peerThread(), e.index());
                case INTERRUPT -> {
                    lastWake.put(e.peerThread(), e.index());
                    pendingInterrupt.put(e.peerThread(), e.index());
                }
                case PARK -> addIfPresent(mine, lastWake.get(e.thread()));
                default -> {
                }
            }
        }
        int[][] predecessors = new int[n][];
        for (int i = 0; i < n; i++) {
            predecessors[i] = preds.get(i).stream().mapToInt(Integer::intValue).toArray();
        }
        return new CausalPast(readsFrom, predecessors, stale);
    }

    /** The events that can have influenced any of {@code targets}, the targets included. */
    public BitSet before(int... targets) {
        BitSet past = new BitSet(predecessors.length);
        Deque<Integer> work = new ArrayDeque<>();
        for (int t : targets) {
            if (!past.get(t)) {
                past.set(t);
                work.push(t);
            }
        }
        while (!work.isEmpty()) {
            for (int p : predecessors[work.pop()]) {
                if (!past.get(p)) {
                    past.set(p);
                    work.push(p);
                }
            }
        }
        return past;
    }

    /** The reads that returned an older write than the newest before them ({@code -m jmm}); their {@link #readsFrom} is the older one. */
    public StaleReads stale() {
        return stale;
    }

    /** For a read: the index of the write it returned, or {@link #INITIAL}; {@link #NOT_A_READ} for other events. */
    public int readsFrom(int event) {
        return readsFrom[event];
    }

    private static void addIfPresent(List<Integer> preds, Integer event) {
        if (event != null) {
            preds.add(event);
        }
    }
}
