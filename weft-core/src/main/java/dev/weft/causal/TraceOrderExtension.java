package dev.weft.causal;

import dev.weft.trace.Address;
import dev.weft.trace.Event;
import dev.weft.trace.EventKind;
import dev.weft.trace.Trace;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Lengthens a new-value seed with the operations that preceded its target read in the trace and
 * can still happen exactly as they did there, after the needed ones and before the target. The
 * papers make the seed as short as possible and leave the rest to the continuation policy, which
 * runs one thread at a time; keeping the trace's own interleaving of the other threads up to the
 * target instead reaches interleaved states (a lost update: both reads before both writes) in the
 * seed's own run rather than one generation later. The added operations are not forced: the
 * run's seeds may still reorder them and give their reads new values, so the extension changes
 * which run represents the seed, not what the seed's descendants explore.
 *
 * <p>An operation is kept only if everything that must happen before it is in the seed, a read
 * returns its trace value at that point, a lock it acquires is free, and it makes no write to the
 * target's address visible (which would change the target's new value). Busy-wait re-reads and
 * wait/notify operations are never added.
 */
final class TraceOrderExtension {
    private final CausalModel model;
    private final Trace trace;
    private final int target;
    private final BitSet inSeed = new BitSet();
    private final Map<Address, Long> memory = new HashMap<>();
    private final Map<Integer, List<Event>> buffers = new HashMap<>();
    private final Map<Address, List<LockPair>> held = new HashMap<>();
    private final List<Integer> extras = new ArrayList<>();

    TraceOrderExtension(CausalModel model, List<Integer> seed, int target) {
        this.model = model;
        this.trace = model.trace();
        this.target = target;
        seed.forEach(this::perform);
        for (int e = 0; e < target; e++) {
            if (!inSeed.get(e) && canHappen(trace.get(e))) {
                perform(e);
                extras.add(e);
            }
        }
    }

    List<Integer> extras() {
        return extras;
    }

    private boolean canHappen(Event e) {
        for (int p : model.mustHappenBefore().predecessors(e.index())) {
            if (!inSeed.get(p)) {
                return false;
            }
        }
        Address targetAddress = trace.get(target).address();
        boolean visibleWrite = e.kind() == EventKind.FLUSH || (e.writesLocation() && !e.has(Event.BUFFERED));
        if (visibleWrite && targetAddress.equals(e.address())) {
            return false;
        }
        if (model.loopGuard(e.index()) != null) {
            return false; // conservative: extending the trace order does not track what justifies busy-wait steps
        }
        if (BlockingSteps.isStep(e)) {
            return false; // conservative: how a blocking call returns depends on more than the events before it
        }
        return switch (e.kind()) {
            case WAIT, WAKE, NOTIFY, PARK, UNPARK, INTERRUPT, EXIT -> false;
            case LOCK -> free(model.holdingAcquiredBy(e.index()));
            default -> !e.readsLocation() || valueAt(e) == e.value();
        };
    }

    private boolean free(LockPair acquiring) {
        if (acquiring == null) {
            return true;
        }
        for (LockPair holding : held.getOrDefault(acquiring.lock(), List.of())) {
            if (holding.excludes(acquiring)) {
                return false;
            }
        }
        return true;
    }

    /** What a read returns here: its thread's newest buffered write to the address, else memory. */
    private long valueAt(Event read) {
        List<Event> buffer = buffers.getOrDefault(read.thread(), List.of());
        for (int i = buffer.size() - 1; i >= 0; i--) {
            if (buffer.get(i).address().equals(read.address())) {
                return buffer.get(i).value();
            }
        }
        Long value = memory.get(read.address());
        if (value != null) {
            return value;
        }
        Long initial = trace.initialValue(read.address());
        return initial != null ? initial : 0;
    }

    private void perform(int index) {
        Event e = trace.get(index);
        inSeed.set(index);
        if (e.kind() == EventKind.FLUSH) {
            Event write = trace.get(e.flushedWrite());
            buffers.getOrDefault(e.thread(), new ArrayList<>()).remove(write);
            memory.put(e.address(), e.value());
        } else if (e.kind() == EventKind.WRITE && e.has(Event.BUFFERED)) {
            buffers.computeIfAbsent(e.thread(), t -> new ArrayList<>()).add(e);
        } else if (e.writesLocation()) {
            memory.put(e.address(), e.locationValue());
        }
        LockPair acquired = model.holdingAcquiredBy(index);
        if (acquired != null) {
            held.computeIfAbsent(acquired.lock(), l -> new ArrayList<>()).add(acquired);
        }
        LockPair released = model.holdingReleasedBy(index);
        if (released != null) {
            held.getOrDefault(released.lock(), new ArrayList<>()).remove(released);
        }
    }
}
