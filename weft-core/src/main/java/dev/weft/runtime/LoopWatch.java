package dev.weft.runtime;

import dev.weft.trace.Address;
import dev.weft.trace.BusyWait;
import dev.weft.trace.Event;
import dev.weft.trace.EventKind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One thread's loops, as the busy-wait rule ({@link BusyWait}) and the loop bound see them.
 * Instrumented code reports every edge into the header of a loop that touches shared state or
 * calls a method: an edge from outside starts an <em>activation</em> (one frame's stay in the loop,
 * named by a token the frame keeps in a local), a back edge ends one iteration and begins the next.
 * Pure loops also report the locals their iterations change, as they are at the header.
 *
 * <p>An iteration of a pure loop that {@link BusyWait} calls a repeat makes the arrival a LOOP step
 * ({@link Arrival#awaited}). Any other iteration whose own steps are exactly its predecessor's
 * (kinds, locations, addresses and values: only the thread's locals changed, as a retry counter
 * does) adds one to the loop's repeat count; {@code RunConfig.loopBound()} repeats in a row cut the
 * run. Steps are compared by a hash; a collision can only cut a run too early, which makes the
 * exploration incomplete, never wrong.
 *
 * <p>Beyond the rule, for instrumented JDK code only: a clean iteration of a pure loop that repeats its predecessor's
 * steps more often in a row than the loop bound allows, changing only locals (a spin counting down, a random
 * back-off), is a LOOP step as a repeat is, held until another thread writes what it read. That takes the
 * JDK's spins for what they are, waits whose running out only parks or spins again; it would hide what a
 * program's own counted loop does when its count runs out, so program loops are cut at the bound as before.
 * JDK code sees one processor ({@code OneProcessorVisitor}), so its spins before a timed park are at most a
 * few iterations, below the bound, and no timeout is hidden.
 *
 * <p>To tell a repeat the watch keeps the thread's steps since its last step that cannot be part
 * of a clean iteration (its <em>window</em>), but only while a pure loop's iteration is under way
 * in it, and for each address read in the window the latest write another thread made visible.
 */
final class LoopWatch {
    /** Activations kept per thread: ones a frame left without a back edge linger until an enclosing loop's next arrival. */
    private static final int ACTIVATIONS = 64;
    /** The longest window kept: a longer clean iteration is treated as unclean (never held). */
    private static final int WINDOW = 100_000;
    private static final long PRIME = 0x9E3779B97F4A7C15L;

    /** One frame's stay in one loop. */
    private static final class Activation {
        final int loop;
        final boolean pure;
        final int token;
        /** Trace index and sequence number of the current iteration's first step. */
        int startIndex;
        int startSeq;
        /** The steps' hash and count when the current iteration began. */
        long startHash;
        long startLength;
        /** The previous iteration's steps, as a hash and a count (-1: none). */
        long previousHash;
        long previousLength = -1;
        int repeats;
        /** The reported locals when the current iteration began. */
        long[] values;
        Object[] references;

        Activation(int loop, boolean pure, int token) {
            this.loop = loop;
            this.pure = pure;
            this.token = token;
        }
    }

    /** What an arrival at a loop's header calls for. */
    record Arrival(Set<Address> awaited, boolean justified, boolean cut, int iterationStart) {
        static final Arrival GO_ON = new Arrival(null, false, false, -1);
        static final Arrival CUT = new Arrival(null, false, true, -1);

        /** A LOOP step: the thread is held until {@code justified} or a release. */
        boolean isLoopStep() {
            return awaited != null;
        }
    }

    private final List<Activation> activations = new ArrayList<>();
    private int nextToken;
    private long hash;
    private long length;
    private final List<Event> window = new ArrayList<>();
    /** The trace index from which the window holds every step; Integer.MAX_VALUE while no window is kept. */
    private int windowFrom = Integer.MAX_VALUE;
    private final Map<Address, Integer> foreignWrites = new HashMap<>();
    private final Set<Address> readInWindow = new HashSet<>();
    private long[] pendingValues = new long[4];
    private int pendingValueCount;
    private Object[] pendingReferences = new Object[4];
    private int pendingReferenceCount;
    /** While held at a LOOP step or at its next wait ({@link #heldWaitStart}): what it waits for, and whether a write to it came. */
    private Set<Address> awaited;
    private boolean released;
    /** Where the repeated iteration that holds the thread's next wait or park began (its sequence number); -1: none held. */
    private int heldWaitStart = -1;

    // ------------------------------------------------------------------ what the thread does

    /** The thread recorded {@code e}, one of its own steps (flushes are not). */
    void recorded(Event e) {
        hash = hash * PRIME + stepHash(e);
        length++;
        if (windowFrom == Integer.MAX_VALUE) {
            return;
        }
        if (!BusyWait.keepsIterationClean(e) || window.size() >= WINDOW) {
            closeWindow();
            return;
        }
        window.add(e);
        if (e.readsLocation()) {
            readInWindow.add(e.address());
        }
    }

    /**
     * A change no event shows: a lock operation that changed only a hold count, or a JDK call that
     * changed an object only this thread reaches. No iteration across it is clean.
     */
    void unrecordedChange() {
        closeWindow();
    }

    /** Another thread's write to {@code address} became visible at trace index {@code index}. */
    void foreignWrite(Address address, int index) {
        if (readInWindow.contains(address)) {
            foreignWrites.put(address, index);
        }
        if (awaited != null && awaited.contains(address)) {
            released = true;
        }
    }

    void pendingLocal(long value) {
        if (pendingValueCount == pendingValues.length) {
            pendingValues = Arrays.copyOf(pendingValues, pendingValueCount * 2);
        }
        pendingValues[pendingValueCount++] = value;
    }

    void pendingLocal(Object value) {
        if (pendingReferenceCount == pendingReferences.length) {
            pendingReferences = Arrays.copyOf(pendingReferences, pendingReferenceCount * 2);
        }
        pendingReferences[pendingReferenceCount++] = value;
    }

    // ------------------------------------------------------------------ arrivals at headers

    /**
     * The thread enters {@code loop}, inside the activation named {@code enclosing} (0: none) of the
     * loop around it in the same frame; returns the new activation's token. Activations above the
     * enclosing one belong to frames and loops the thread has left.
     */
    int enter(int loop, boolean pure, int enclosing, int nextIndex, int seq) {
        dropAbove(enclosing);
        if (activations.size() == ACTIVATIONS) {
            activations.remove(0);
        }
        Activation a = new Activation(loop, pure, ++nextToken);
        activations.add(a);
        begin(a, nextIndex, seq);
        return a.token;
    }

    /**
     * The thread takes a back edge of the activation named {@code token}: decides whether the
     * arrival is a LOOP step (and whether something already released it), cuts the run, or goes on.
     * Unless it cuts, the next iteration begins here, or after the LOOP step ({@link #afterLoopStep}).
     */
    Arrival back(int loop, boolean pure, boolean jdk, int token, int nextIndex, int seq, int bound) {
        if (token == 0) {
            return Arrival.GO_ON; // a stay whose entry was not reported: nothing is known of its iterations
        }
        int at = indexOf(token);
        if (at < 0) {
            // Dropped as the oldest of too many: start it afresh.
            activations.add(new Activation(loop, pure, token));
            begin(activations.get(activations.size() - 1), nextIndex, seq);
            return Arrival.GO_ON;
        }
        dropAbove(token);
        Activation a = activations.get(at);
        long stepCount = length - a.startLength;
        long stepHash = hash - a.startHash * power(stepCount);
        boolean sameSteps = stepCount > 0 && stepCount == a.previousLength && stepHash == a.previousHash;
        a.previousLength = stepCount;
        a.previousHash = stepHash;
        List<Event> iteration = pure ? cleanIteration(a) : null;
        if (iteration != null && sameLocals(a)) {
            a.repeats = 0;
            if (BusyWait.waited(iteration)) {
                holdNextWait(iteration, a.startSeq);
                begin(a, nextIndex, seq);
                return Arrival.GO_ON;
            }
            return loopStep(iteration, a.startSeq); // the locals stay pending for the iteration after the step
        }
        a.repeats = sameSteps ? a.repeats + 1 : 0;
        if (a.repeats > bound) {
            if (jdk && iteration != null) {
                a.repeats = 0;
                return loopStep(iteration, a.startSeq); // a JDK spin that counts on: a wait for what it reads (class comment)
            }
            return Arrival.CUT;
        }
        begin(a, nextIndex, seq);
        return Arrival.GO_ON;
    }

    /** The thread took the LOOP step of the activation {@code token}: its next iteration begins. */
    void afterLoopStep(int token, int nextIndex, int seq) {
        awaited = null;
        released = false;
        int at = indexOf(token);
        if (at >= 0) {
            begin(activations.get(at), nextIndex, seq);
        }
    }

    /** Whether a write another thread made visible lets the thread take its LOOP step. */
    boolean released() {
        return released;
    }

    /** Whether the thread's next wait or park is held ({@link BusyWait}); its step then says so ({@link Event#HELD}). */
    boolean holdsWait() {
        return heldWaitStart >= 0;
    }

    /** For a held wait: where the iteration that holds it began. */
    int heldWaitStart() {
        return heldWaitStart;
    }

    /** For a held wait: what the iteration that holds it read (its step watches them); empty when none is held. */
    Set<Address> heldWaitAwaits() {
        return holdsWait() ? awaited : Set.of();
    }

    /** Whether the thread's wait or park may return spuriously now: it is not held, or a write released it. */
    boolean mayWakeSpuriously() {
        return !holdsWait() || released;
    }

    /** The thread's held wait or park returned (however): the hold is over. */
    void waitReturned() {
        if (holdsWait()) {
            heldWaitStart = -1;
            awaited = null;
            released = false;
        }
    }

    // ------------------------------------------------------------------ the rule

    private Arrival loopStep(List<Event> iteration, int iterationStart) {
        heldWaitStart = -1; // an inner loop's repeat: the held wait's watch gives way to the LOOP step's (its wait may then wake)
        boolean justified = await(iteration);
        return new Arrival(awaited, justified, false, iterationStart);
    }

    /** A repeat that waited: its next wait or park is held until a write to what it read (the thread goes on meanwhile). */
    private void holdNextWait(List<Event> iteration, int iterationStart) {
        await(iteration);
        heldWaitStart = iterationStart;
    }

    /** Awaits a write to what {@code iteration} read; returns whether one already came after its first read there. */
    private boolean await(List<Event> iteration) {
        Map<Address, Event> firstReads = BusyWait.firstReads(iteration);
        boolean justified = false;
        for (Map.Entry<Address, Event> read : firstReads.entrySet()) {
            Integer write = foreignWrites.get(read.getKey());
            justified |= write != null && write > read.getValue().index();
        }
        awaited = Set.copyOf(firstReads.keySet());
        released = justified;
        return justified;
    }

    /** The current iteration's steps if the window holds all of them and they are clean, else null. */
    private List<Event> cleanIteration(Activation a) {
        if (a.startIndex < windowFrom) {
            return null;
        }
        int from = window.size();
        while (from > 0 && window.get(from - 1).index() >= a.startIndex) {
            from--;
        }
        List<Event> iteration = window.subList(from, window.size());
        return BusyWait.isClean(iteration) ? iteration : null;
    }

    /** Whether the reported locals are what they were when the activation's iteration began (references by identity). */
    private boolean sameLocals(Activation a) {
        if (a.values == null || a.values.length != pendingValueCount || a.references.length != pendingReferenceCount) {
            return false;
        }
        for (int i = 0; i < pendingValueCount; i++) {
            if (a.values[i] != pendingValues[i]) {
                return false;
            }
        }
        for (int i = 0; i < pendingReferenceCount; i++) {
            if (a.references[i] != pendingReferences[i]) {
                return false;
            }
        }
        return true;
    }

    private void begin(Activation a, int nextIndex, int seq) {
        a.startIndex = nextIndex;
        a.startSeq = seq;
        a.startHash = hash;
        a.startLength = length;
        a.values = Arrays.copyOf(pendingValues, pendingValueCount);
        a.references = Arrays.copyOf(pendingReferences, pendingReferenceCount);
        clearPendingLocals();
        if (a.pure && windowFrom == Integer.MAX_VALUE) {
            windowFrom = nextIndex;
        }
    }

    private void clearPendingLocals() {
        Arrays.fill(pendingReferences, 0, pendingReferenceCount, null);
        pendingValueCount = 0;
        pendingReferenceCount = 0;
    }

    /** No iteration under way can be clean any more: forget the window until a pure loop's next arrival. */
    private void closeWindow() {
        window.clear();
        readInWindow.clear();
        foreignWrites.clear();
        windowFrom = Integer.MAX_VALUE;
    }

    private int indexOf(int token) {
        for (int i = activations.size() - 1; i >= 0; i--) {
            if (activations.get(i).token == token) {
                return i;
            }
        }
        return -1;
    }

    private void dropAbove(int token) {
        int at = token == 0 ? -1 : indexOf(token);
        if (at >= 0) {
            activations.subList(at + 1, activations.size()).clear();
        }
    }

    /** What of a step makes it the same step in another iteration: its kind, location, address and values (not when it happened). */
    private static long stepHash(Event e) {
        long h = e.kind().ordinal() * 31L + e.location();
        Address address = e.address();
        if (address != null) {
            h = ((h * 31 + address.kind().ordinal()) * 31 + address.object()) * 31 + address.slot();
        }
        if (e.kind() != EventKind.LOOP) {
            h = (h * 31 + e.value()) * 31 + e.value2();
        }
        h = h * 31 + (e.flags() & (Event.WROTE | Event.SHARED | Event.BUFFERED));
        return mix(h);
    }

    /** A 64-bit finaliser, so that similar steps get unrelated hashes. */
    private static long mix(long h) {
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        return h ^ (h >>> 33);
    }

    private static long power(long exponent) {
        long result = 1;
        long base = PRIME;
        for (long e = exponent; e > 0; e >>= 1) {
            if ((e & 1) != 0) {
                result *= base;
            }
            base *= base;
        }
        return result;
    }
}
