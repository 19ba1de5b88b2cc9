package dev.weft.causal;

import dev.weft.trace.Address;
import dev.weft.trace.Event;
import dev.weft.trace.EventKind;
import dev.weft.trace.FenceKind;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.Trace;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The must-happen-before relation of one trace: its direct edges and a vector-clock closure that
 * answers "must a come before b?" in constant time.
 *
 * <p>Implements Φ_mhb of mcr-systematic-testing §3.2 and its split into Φ_mem ∧ Φ_sync of
 * mcr-tso-pso §4.1. Departure from the paper: instead of dropping program-order pairs between
 * accesses, a thread's own operations (including buffered writes entering the buffer) stay in
 * program order and every buffered write gets a separate visibility event, its FLUSH, which is
 * what other threads observe. The relaxations of each model (README, "Memory models") then fall out of which FLUSH
 * events are ordered: after their write; FIFO per thread (TSO) or per thread and address (PSO);
 * before the thread's next synchronization or full fence; under PSO a release or store-store fence
 * orders the flushes of the writes before it before those of the writes after it. This is the same
 * relation as the paper's relaxed Φ_mem on the visibility points, and it matches the explicit
 * flush choices of the runtime's schedules.
 */
final class MustHappenBefore {
    private final Trace trace;
    private final int[][] predecessors;
    private final int[] visibility;
    private final int[] forwardingSource;
    private final int[] previousInThread;
    private final int[] nextInThread;
    private final int[] chain;
    private final int[] chainPosition;
    private final int[][] clocks;
    private final List<int[]> notifiedWaits = new ArrayList<>();
    /** For a WAKE, its thread's WAIT before it, else -1. */
    private final int[] waitBefore;
    /** Per thread, its operations (flushes not counted) in program order. */
    private final Map<Integer, List<Event>> threads = new LinkedHashMap<>();

    MustHappenBefore(Trace trace, MemoryModel memoryModel) {
        this.trace = trace;
        int n = trace.size();
        List<List<Integer>> preds = new ArrayList<>(n);
        for (int i = 0; i < n; i++) {
            preds.add(new ArrayList<>(2));
        }
        visibility = new int[n];
        Arrays.fill(visibility, -1);
        forwardingSource = new int[n];
        Arrays.fill(forwardingSource, -1);
        previousInThread = new int[n];
        Arrays.fill(previousInThread, -1);
        nextInThread = new int[n];
        Arrays.fill(nextInThread, -1);
        chain = new int[n];
        chainPosition = new int[n];
        waitBefore = new int[n];
        Arrays.fill(waitBefore, -1);

        for (Event e : trace.events()) {
            if (e.kind() != EventKind.FLUSH) {
                threads.computeIfAbsent(e.thread(), t -> new ArrayList<>()).add(e);
            }
        }
        for (Event e : trace.events()) {
            if (e.kind() == EventKind.FLUSH) {
                int write = e.flushedWrite();
                checkIndex(write, e, "its buffered write");
                visibility[write] = e.index();
                preds.get(e.index()).add(write);
            } else if (e.writesLocation() && !e.has(Event.BUFFERED)) {
                visibility[e.index()] = e.index();
            }
        }

        Map<Object, Integer> chains = new HashMap<>();
        Map<Object, Integer> lengths = new HashMap<>();
        for (Map.Entry<Integer, List<Event>> thread : threads.entrySet()) {
            List<Event> events = thread.getValue();
            for (int k = 0; k < events.size(); k++) {
                Event e = events.get(k);
                place(e.index(), List.of("thread", thread.getKey()), chains, lengths);
                if (k > 0) {
                    previousInThread[e.index()] = events.get(k - 1).index();
                    nextInThread[events.get(k - 1).index()] = e.index();
                    preds.get(e.index()).add(previousInThread[e.index()]);
                }
            }
            addBufferEdges(events, memoryModel, preds, chains, lengths);
        }
        addSynchronizationEdges(threads, preds);

        predecessors = new int[n][];
        for (int i = 0; i < n; i++) {
            predecessors[i] = preds.get(i).stream().mapToInt(Integer::intValue).distinct().toArray();
            for (int p : predecessors[i]) {
                if (p >= i) {
                    throw new IllegalArgumentException("inconsistent trace: event " + i + " must follow event " + p
                            + ", which the trace records later");
                }
            }
        }
        clocks = new int[n][];
        int width = chains.size();
        for (int i = 0; i < n; i++) {
            int[] clock = new int[width];
            for (int p : predecessors[i]) {
                int[] other = clocks[p];
                for (int c = 0; c < width; c++) {
                    clock[c] = Math.max(clock[c], other[c]);
                }
            }
            clock[chain[i]] = chainPosition[i];
            clocks[i] = clock;
        }
    }

    /** Orders each thread's flushes among themselves and before the thread's later synchronizations. */
    private void addBufferEdges(List<Event> events, MemoryModel memoryModel, List<List<Integer>> preds,
                                Map<Object, Integer> chains, Map<Object, Integer> lengths) {
        // Last buffered write per buffer (one buffer per thread under TSO, per address under PSO),
        // and the writes a store-store barrier orders before all later flushes (PSO).
        Map<Object, Integer> lastInBuffer = new LinkedHashMap<>();
        Map<Address, Integer> lastWriteTo = new HashMap<>();
        List<Integer> barrier = List.of();
        for (Event e : events) {
            if (e.reads() && e.address() != null && e.address().isMemory()) {
                Integer own = lastWriteTo.get(e.address());
                if (own != null && trace.get(own).has(Event.BUFFERED)) {
                    forwardingSource[e.index()] = own;
                }
            }
            if (e.kind() == EventKind.WRITE && e.has(Event.BUFFERED)) {
                Object buffer = memoryModel == MemoryModel.PSO ? List.of(e.thread(), e.address()) : e.thread();
                int flush = visibility[e.index()];
                Integer previous = lastInBuffer.put(buffer, e.index());
                if (flush >= 0) {
                    place(flush, List.of("buffer", buffer), chains, lengths);
                    if (previous != null && visibility[previous] >= 0) {
                        preds.get(flush).add(visibility[previous]);
                    }
                    for (int before : barrier) {
                        if (visibility[before] >= 0) {
                            preds.get(flush).add(visibility[before]);
                        }
                    }
                }
            }
            if (e.wrote() && e.address() != null && e.address().isMemory()) {
                lastWriteTo.put(e.address(), e.index());
            }
            if (drains(e)) {
                for (int write : lastInBuffer.values()) {
                    if (visibility[write] >= 0 && visibility[write] < e.index()) {
                        preds.get(e.index()).add(visibility[write]);
                    }
                }
                lastInBuffer.clear();
                barrier = List.of();
            } else if (ordersStores(e, memoryModel)) {
                barrier = List.copyOf(lastInBuffer.values());
            }
        }
    }

    /** Synchronization operations but volatile reads ({@link EventKind#drainsBuffers}), and full fences, wait until the thread's buffers are empty. */
    private static boolean drains(Event e) {
        if (e.kind() == EventKind.FENCE) {
            return e.fenceKind() == FenceKind.FULL;
        }
        return e.kind().drainsBuffers();
    }

    /** Release and store-store fences keep earlier writes visible before later ones; only PSO can reorder writes. */
    private static boolean ordersStores(Event e, MemoryModel memoryModel) {
        if (e.kind() != EventKind.FENCE || memoryModel != MemoryModel.PSO) {
            return false;
        }
        FenceKind fence = e.fenceKind();
        return fence == FenceKind.RELEASE || fence == FenceKind.STORE_STORE;
    }

    /**
     * Fork before the child's first event; the child's last event and flushes before a join that
     * returned because the child ended; the notify a wake-up took before it, where the model keeps
     * that notify ({@link #keepsItsNotify}). A park's permit is a location like memory (UNPARK
     * writes it, PARK reads and takes it), so no edge orders them here.
     */
    private void addSynchronizationEdges(Map<Integer, List<Event>> threads, List<List<Integer>> preds) {
        Map<Integer, List<Integer>> flushes = new HashMap<>();
        for (Event e : trace.events()) {
            if (e.kind() == EventKind.FLUSH) {
                flushes.computeIfAbsent(e.thread(), t -> new ArrayList<>()).add(e.index());
            }
        }
        Map<Integer, Integer> lastWait = new HashMap<>();
        for (Event e : trace.events()) {
            switch (e.kind()) {
                case FORK -> {
                    List<Event> child = threads.get(e.peerThread());
                    if (child != null) {
                        preds.get(child.get(0).index()).add(e.index());
                    }
                }
                case JOIN -> {
                    int joined = e.peerThread();
                    List<Event> child = threads.get(joined);
                    if (child != null) {
                        preds.get(e.index()).add(child.get(child.size() - 1).index());
                    }
                    for (int flush : flushes.getOrDefault(joined, List.of())) {
                        if (flush < e.index()) {
                            preds.get(e.index()).add(flush);
                        }
                    }
                }
                case WAIT -> lastWait.put(e.thread(), e.index());
                case WAKE -> {
                    waitBefore[e.index()] = lastWait.getOrDefault(e.thread(), -1);
                    int notify = e.takenNotify();
                    if (notify >= 0) {
                        checkIndex(notify, e, "its waking notify");
                        notifiedWaits.add(new int[] {waitBefore[e.index()], notify, e.index()});
                        if (keepsItsNotify(e)) {
                            preds.get(e.index()).add(notify);
                        }
                    }
                }
                default -> {
                }
            }
        }
    }

    /**
     * Whether the model keeps the notify a wake-up took in the trace as its waker: a wake-up that
     * returned as notified from a {@code Condition} (whose signal goes to its longest waiter) and
     * could not have returned spuriously. One that could is not bound to any notify; one from a
     * monitor's wait set takes whichever notify the solver assigns ({@link Notifications}).
     */
    static boolean keepsItsNotify(Event wake) {
        return Notifications.needsOne(wake) && wake.waitSet() != 0;
    }

    private void place(int event, Object chainKey, Map<Object, Integer> chains, Map<Object, Integer> lengths) {
        chain[event] = chains.computeIfAbsent(chainKey, k -> chains.size());
        chainPosition[event] = lengths.merge(chainKey, 1, Integer::sum);
    }

    private void checkIndex(int index, Event e, String what) {
        if (index < 0 || index >= e.index()) {
            throw new IllegalArgumentException("inconsistent trace: event " + e.index() + " (" + e.kind()
                    + ") names event " + index + " as " + what);
        }
    }

    /**
     * (WAIT, the NOTIFY whose notification the WAKE took, WAKE) triples. Where the model keeps that
     * notify, it must follow the wait only when the wake happens: a notify before the wait is lost,
     * which a seed may ask for, so this order is not part of {@link #precedes}.
     */
    List<int[]> notifiedWaits() {
        return notifiedWaits;
    }

    /** For a WAKE, the WAIT it ends, else -1. */
    int waitBefore(int wake) {
        return waitBefore[wake];
    }

    /**
     * The events that must directly precede {@code event} whichever way it returns: without the
     * joined thread's end and flushes for a JOIN and the notify for a WAKE, which hold only for the
     * way the trace shows.
     */
    int[] predecessorsOfAnyReturn(int event) {
        Event e = trace.get(event);
        int notify = e.kind() == EventKind.WAKE ? e.takenNotify() : -1;
        int joined = e.kind() == EventKind.JOIN ? e.peerThread() : -1;
        return Arrays.stream(predecessors[event]).filter(p -> p != notify && trace.get(p).thread() != joined).toArray();
    }

    /** The events that must directly precede {@code event}. */
    int[] predecessors(int event) {
        return predecessors[event];
    }

    /** The event of the same thread just before {@code event} in program order (flushes excluded), or -1. */
    int previousInThread(int event) {
        return previousInThread[event];
    }

    /** The event of the same thread just after {@code event} in program order (flushes excluded), or -1. */
    int nextInThread(int event) {
        return nextInThread[event];
    }

    /** True when {@code a} comes before {@code b} in every execution of the causal model. */
    boolean precedes(int a, int b) {
        return a != b && clocks[b][chain[a]] >= chainPosition[a];
    }

    /** The chain (a thread's operations, or one store buffer's flushes) that totally orders {@code event} with its other members. */
    int chainOf(int event) {
        return chain[event];
    }

    /** {@code event}'s position in {@link #chainOf its chain}, from 1. */
    int positionInChain(int event) {
        return chainPosition[event];
    }

    int chainCount() {
        return clocks.length == 0 ? 0 : clocks[0].length;
    }

    /** Where the write {@code write} becomes visible to other threads (itself, or its FLUSH); -1 if never in this trace. */
    int visibility(int write) {
        return visibility[write];
    }

    /** For a read: its thread's latest earlier buffered write to the same address, which it may read by store forwarding; else -1. */
    int forwardingSource(int read) {
        return forwardingSource[read];
    }
}
