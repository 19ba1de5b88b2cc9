package dev.weft.explore;

import dev.weft.runtime.PendingOperation;
import dev.weft.runtime.SchedulingPoint;
import dev.weft.runtime.ThreadView;
import dev.weft.trace.Address;
import dev.weft.trace.Choice;
import dev.weft.trace.Event;
import dev.weft.trace.EventKind;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.Outcome;
import dev.weft.trace.Trace;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The steps one DPOR run took, with the happens-before edges that the runtime's semantics fix
 * rather than dependence: the step that made a thread appear comes before the thread's first step;
 * a buffered write before its flush; a buffer's flushes before its thread's next synchronising step
 * (which needs the buffers empty); a thread's last step before a join of it that returned because the
 * thread ended; the first notify of its wait set after a wait before the wake-up, when nothing else
 * could have ended the wait (known once the run is over, {@link #settleWakes}). Keeps the state
 * those need: what the store buffers hold, which locks each thread holds how often.
 */
final class DporRun {
    private final MemoryModel model;
    final List<Transition> steps = new ArrayList<>();
    /** For each step, the earlier steps fixed before it. */
    final List<List<Integer>> fixedBefore = new ArrayList<>();
    private final Map<Integer, ArrayDeque<BufferedWrite>> buffers = new HashMap<>();
    private final Map<Actor, Integer> lastFlush = new HashMap<>();
    private final Map<Integer, Integer> lastStepOfThread = new HashMap<>();
    /** Thread to the step that made it appear or enabled its next step. */
    private final Map<Integer, Integer> enabler = new HashMap<>();
    private final Set<Integer> knownThreads = new HashSet<>();
    private Set<Integer> disabledBefore = Set.of();
    private final Map<Integer, Integer> waitingSince = new HashMap<>();
    /** The wake-ups taken, with the WAIT step before each: {@link #settleWakes} orders a notify before each that needed one. */
    private final Map<Integer, Integer> wakes = new HashMap<>();
    /** The steps that interrupted each thread. */
    private final Map<Integer, List<Integer>> interrupts = new HashMap<>();
    /** Hold count per thread and lock: only the outermost acquire and release change ownership. */
    private final Map<Integer, Map<Address, Integer>> holds = new HashMap<>();
    private final Map<Integer, Integer> holdsBeforeWait = new HashMap<>();
    boolean sleepBlocked;

    DporRun(MemoryModel model) {
        this.model = model;
    }

    /**
     * Notes what the last step did beyond its own operation, once the runtime shows it: threads it
     * made appear or enabled, and, where the pending operation could not tell, whether a write was
     * buffered or written through and whether a fence drained the buffers. Returns the last step
     * as it turned out, when that differs from what was assumed; else null.
     */
    Transition observe(SchedulingPoint point) {
        int depth = point.steps();
        Set<Integer> disabled = new HashSet<>();
        for (ThreadView view : point.threads()) {
            int thread = view.thread();
            boolean appeared = knownThreads.add(thread) && depth > 0;
            if (appeared || (view.enabled() && disabledBefore.contains(thread) && enabledOnlyBySomeoneElse(view.next()))) {
                enabler.put(thread, depth - 1);
            }
            if (!view.enabled()) {
                disabled.add(thread);
            }
        }
        disabledBefore = disabled;
        if (depth == 0) {
            return null;
        }
        Transition last = steps.get(depth - 1);
        int thread = last.actor().thread();
        boolean flushesOffered = point.enabled().stream().anyMatch(c -> c.isFlush() && c.thread() == thread);
        Transition revised = null;
        if (last.buffered() && !flushesOffered) {
            revised = last.writtenThrough();
            buffers.get(thread).removeLast();
        } else if (last.kind() == EventKind.FENCE && !last.writes().isEmpty() && flushesOffered) {
            revised = last.withoutDrain();
        } else if (last.kind() == EventKind.FENCE) {
            buffers.remove(thread);
        }
        if (revised != null) {
            steps.set(depth - 1, revised);
        }
        return revised;
    }

    /**
     * Whether a thread that could not perform {@code next} and now can was enabled by the last
     * step, in a way no reordering can undo. Not for lock acquisitions (which race with each other
     * instead) nor for a busy-wait's LOOP step (let go by any write to what its iteration read).
     */
    private static boolean enabledOnlyBySomeoneElse(PendingOperation next) {
        return next != null && next.kind() != EventKind.LOOP && next.kind() != EventKind.LOCK && next.kind() != EventKind.WAKE;
    }

    Transition transitionOf(Actor actor, Choice choice, SchedulingPoint point) {
        if (actor.buffer()) {
            return Transition.flush(actor, choice.flush());
        }
        int thread = actor.thread();
        PendingOperation op = point.pending(thread);
        if (op == null) {
            throw new IllegalStateException("thread " + thread + " is enabled but has no pending operation");
        }
        Set<Address> drained = new HashSet<>();
        for (BufferedWrite w : buffers.getOrDefault(thread, new ArrayDeque<>())) {
            drained.add(w.address());
        }
        return Transition.step(thread, op, model, drained, reentrant(thread, op), op.awaited());
    }

    /**
     * A draining step ({@link EventKind#drainsBuffers}) empties its thread's buffers; drained all at once, the buffered writes
     * would publish values no other step could observe in between. So the thread waits until
     * its buffers' own flushes have emptied them, and a drain never happens inside one step.
     * Fences are the exception: only a full fence drains, and the pending operation does not say
     * which fence it is; {@link DporStrategy} explores flushing first where a fence drained.
     */
    boolean mustFlushFirst(Actor actor, SchedulingPoint point) {
        if (actor.buffer() || buffers.getOrDefault(actor.thread(), new ArrayDeque<>()).isEmpty()) {
            return false;
        }
        PendingOperation op = point.pending(actor.thread());
        if (op == null || !op.kind().drainsBuffers() || op.kind() == EventKind.FENCE) {
            return false;
        }
        for (Choice c : point.enabled()) {
            if (c.isFlush() && c.thread() == actor.thread()) {
                return true;
            }
        }
        return false;
    }

    private boolean reentrant(int thread, PendingOperation op) {
        if (op.kind() != EventKind.LOCK && op.kind() != EventKind.UNLOCK) {
            return false;
        }
        int held = holds(thread).getOrDefault(op.address(), 0);
        return held > (op.kind() == EventKind.LOCK ? 0 : 1);
    }

    /** Performs {@code step}, returning as {@code outcome} says. */
    void execute(Transition step, Outcome outcome) {
        int position = steps.size();
        List<Integer> fixed = new ArrayList<>();
        Actor actor = step.actor();
        int thread = actor.thread();
        if (actor.buffer()) {
            BufferedWrite write = takeBuffered(thread, step.address());
            if (write != null) {
                fixed.add(write.step());
            }
            lastFlush.put(actor, position);
        } else {
            Integer enabledBy = enabler.remove(thread);
            if (enabledBy != null) {
                fixed.add(enabledBy);
            }
            if (step.kind().drainsBuffers()) {
                lastFlush.forEach((buffer, flush) -> {
                    if (buffer.thread() == thread) {
                        fixed.add(flush);
                    }
                });
                if (step.kind() != EventKind.FENCE) {
                    buffers.remove(thread);
                }
            }
            if (step.buffered()) {
                buffers.computeIfAbsent(thread, t -> new ArrayDeque<>()).add(new BufferedWrite(step.address(), position));
            }
            fixedBySynchronization(step, outcome, thread, position, fixed);
            lastStepOfThread.put(thread, position);
        }
        steps.add(step);
        fixedBefore.add(fixed);
    }

    private void fixedBySynchronization(Transition step, Outcome outcome, int thread, int position, List<Integer> fixed) {
        Address address = step.address();
        if (outcome != Outcome.NORMAL && step.kind() != EventKind.WAKE) {
            return; // a call that timed out, failed or was interrupted took nothing and released nothing
        }
        switch (step.kind()) {
            case JOIN -> {
                if (address != null && address.kind() == Address.Kind.THREAD_STATE) {
                    Integer end = lastStepOfThread.get(address.slot());
                    if (end != null) {
                        fixed.add(end);
                    }
                }
            }
            case WAIT -> {
                waitingSince.put(thread, position);
                holdsBeforeWait.put(thread, holds(thread).getOrDefault(address, 1));
                holds(thread).remove(address);
            }
            case WAKE -> {
                wakes.put(position, waitingSince.getOrDefault(thread, -1));
                holds(thread).put(address, holdsBeforeWait.getOrDefault(thread, 1));
            }
            case INTERRUPT -> interrupts.computeIfAbsent(address.slot(), t -> new ArrayList<>()).add(position);
            case LOCK -> holds(thread).merge(address, 1, Integer::sum);
            case UNLOCK -> holds(thread).computeIfPresent(address, (a, n) -> n > 1 ? n - 1 : null);
            default -> {
            }
        }
    }

    /**
     * Once the run is over its trace tells which notifies each wake-up could take (the k-th step
     * performed the k-th {@link Event#CHOSEN} event): every notify of its wait set after its WAIT
     * (a notify may wake any waiter present). A wake-up that nothing else could have ended (no
     * timeout, no spurious wake-up, no interrupt of the waiter before that notify) comes after the
     * first of them for good. Otherwise the wake-up could have come first, and its race with the
     * notifier's acquisition of the lock is what reverses them.
     */
    void settleWakes(Trace trace) {
        int[] stepOfEvent = new int[trace.size()];
        Arrays.fill(stepOfEvent, -1);
        List<Integer> eventOfStep = new ArrayList<>();
        for (Event e : trace.events()) {
            if (e.has(Event.CHOSEN)) {
                stepOfEvent[e.index()] = eventOfStep.size();
                eventOfStep.add(e.index());
            }
        }
        wakes.forEach((wake, since) -> {
            if (wake >= eventOfStep.size() || since < 0 || since >= eventOfStep.size()) {
                return;
            }
            Event e = trace.get(eventOfStep.get(wake));
            if (e.kind() != EventKind.WAKE || e.has(Event.TIMED) || e.has(Event.MAY_WAKE_SPURIOUSLY)) {
                return;
            }
            int notify = firstNotifyAfter(trace, eventOfStep.get(since), e);
            int step = notify < 0 ? -1 : stepOfEvent[notify];
            if (step >= 0 && !interruptedBetween(e.thread(), since, step)) {
                fixedBefore.get(wake).add(step);
            }
        });
    }

    /** The first notify of {@code wake}'s wait set after the WAIT at trace index {@code wait}, or -1. */
    private static int firstNotifyAfter(Trace trace, int wait, Event wake) {
        for (int i = wait + 1; i < wake.index(); i++) {
            Event n = trace.get(i);
            if (n.kind() == EventKind.NOTIFY && n.address().equals(wake.address()) && n.waitSet() == wake.waitSet()) {
                return i;
            }
        }
        return -1;
    }

    private boolean interruptedBetween(int thread, int from, int to) {
        for (int i : interrupts.getOrDefault(thread, List.of())) {
            if (i > from && i < to) {
                return true;
            }
        }
        return false;
    }

    private Map<Address, Integer> holds(int thread) {
        return holds.computeIfAbsent(thread, t -> new HashMap<>());
    }

    /** The oldest buffered write of {@code thread} to {@code address} (under TSO, the buffer's head). */
    private BufferedWrite takeBuffered(int thread, Address address) {
        ArrayDeque<BufferedWrite> buffer = buffers.get(thread);
        if (buffer == null) {
            return null;
        }
        for (Iterator<BufferedWrite> it = buffer.iterator(); it.hasNext(); ) {
            BufferedWrite w = it.next();
            if (w.address().equals(address)) {
                it.remove();
                return w;
            }
        }
        return null;
    }

    /** A write waiting in a store buffer: its address and the step that made it. */
    private record BufferedWrite(Address address, int step) {
    }
}
