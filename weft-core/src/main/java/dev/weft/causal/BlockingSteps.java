package dev.weft.causal;

import dev.weft.solver.Formula;
import dev.weft.trace.Address;
import dev.weft.trace.Event;
import dev.weft.trace.EventKind;
import dev.weft.trace.Outcome;
import dev.weft.trace.Trace;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.IntConsumer;

/**
 * The steps of blocking calls in a trace, and the other ways each could have returned (beyond the
 * papers, whose events return the one way the trace shows): a wait's entry (an interrupt ends it
 * at once) and wake-up (notified, or spuriously where allowed, timed out, interrupted), a park
 * (with the permit, without it, timed out), a join (the thread ended, timed out, interrupted), a
 * sleep (interrupted or not), a lock attempt (taken, failed or timed out, interrupted) and a weak
 * compare-and-set (as a strong one, or failed spuriously, whatever the order). What a
 * step's thread sees is one of these outcomes ({@link Outcome#seenBy}); by local determinism its
 * later events depend on that as on the values it read, so a step's outcome is part of a run's
 * state like a read's value, and a seed may ask for another one ({@link SeedQuery.NewOutcome}).
 *
 * <p>Each outcome holds in an order under a condition this class states, as the runtime decides
 * it: an interrupt ends an interruptible call when the thread's interrupt status is set at its
 * step (an INTERRUPT after the thread's last clearing of it), and every other outcome of a call
 * that is not a wake-up or a park needs it clear; a wake-up needs a notify only where it could not
 * return spuriously ({@link Notifications}, and the trace's notify for a {@code Condition}); a park
 * with the permit reads the permit 1 (a location UNPARK writes); a join that returned because the
 * thread ended follows its end, and an interrupted thread's join returns so only when the thread
 * had ended before the join began; a lock attempt succeeds where no other thread holds the lock
 * and fails or times out where one holds it (a timed one: at any time since it began).
 */
final class BlockingSteps {
    /** The formula that a read returns a value before an anchor: the model's Φ_value. */
    interface Values {
        Formula reads(int read, long value, int anchor);
    }

    /** What a wait or park the busy-wait rule held ({@link Event#HELD}) needs to return spuriously: the model's guards. */
    interface HeldWaits {
        /** The (first read, write) pairs of which one releases {@code step}. */
        List<int[]> guard(int step);

        /** One of them is visible after its read and before {@code anchor}. */
        Formula released(int step, int anchor);
    }

    private final Trace trace;
    private final MustHappenBefore mhb;
    private final Map<Address, List<LockPair>> locks;
    private final Notifications notifications;
    private final OrderAtoms atoms;
    private final Values values;
    private final HeldWaits held;
    /** Per thread, the INTERRUPT events that set its interrupt status. */
    private final Map<Integer, List<Integer>> interruptsOf = new HashMap<>();

    BlockingSteps(Trace trace, MustHappenBefore mhb, Map<Address, List<LockPair>> locks, Notifications notifications,
                  OrderAtoms atoms, Values values, HeldWaits held) {
        this.trace = trace;
        this.mhb = mhb;
        this.locks = locks;
        this.notifications = notifications;
        this.atoms = atoms;
        this.values = values;
        this.held = held;
        for (Event e : trace.events()) {
            if (e.kind() == EventKind.INTERRUPT) {
                interruptsOf.computeIfAbsent(e.address().slot(), t -> new ArrayList<>()).add(e.index());
            }
        }
    }

    /** Whether {@code e} is the step of a blocking call that could have returned another way. */
    static boolean isStep(Event e) {
        return switch (call(e)) {
            case WAKE, PARK -> true;
            case WAIT -> e.has(Event.INTERRUPTIBLE);
            case JOIN, LOCK, YIELD -> e.has(Event.INTERRUPTIBLE) || e.has(Event.ATTEMPT);
            case ATOMIC_RMW -> isWeakCas(e);
            default -> false;
        };
    }

    /** A weak compare-and-set that may fail spuriously: one the busy-wait rule held never does ({@code ModedAccess}). */
    private static boolean isWeakCas(Event e) {
        return e.kind() == EventKind.ATOMIC_RMW && e.has(Event.MAY_WAKE_SPURIOUSLY) && !e.has(Event.HELD);
    }

    /** The event the blocking call records when it returns normally (a YIELD stands for it otherwise, naming it in its value). */
    static EventKind call(Event e) {
        return e.kind() == EventKind.YIELD && e.outcome() != Outcome.NORMAL ? e.replacedKind() : e.kind();
    }

    /** What {@code e}'s thread saw of its step. */
    static Outcome seen(Event e) {
        return e.outcome().seenBy(call(e));
    }

    /** The ways the step could have returned that its thread would see differently from the way it did. */
    List<Outcome> alternatives(int step) {
        Event e = trace.get(step);
        EventKind call = call(e);
        boolean interruptible = e.has(Event.INTERRUPTIBLE) && interruptsOf.containsKey(e.thread());
        List<Outcome> possible = new ArrayList<>(List.of(Outcome.NORMAL));
        if (isWeakCas(e)) {
            possible.add(Outcome.SPURIOUS);
        }
        if (call == EventKind.PARK && (e.has(Event.MAY_WAKE_SPURIOUSLY) || interruptible)) {
            possible.add(Outcome.SPURIOUS);
        }
        boolean timed = call == EventKind.WAKE || call == EventKind.PARK || call == EventKind.JOIN;
        if (e.has(Event.TIMED) && timed || (call == EventKind.LOCK || call == EventKind.JOIN) && e.has(Event.ATTEMPT)) {
            possible.add(Outcome.TIMED_OUT);
        }
        if (interruptible && call != EventKind.PARK) {
            possible.add(Outcome.INTERRUPTED);
        }
        possible.remove(seen(e));
        return possible;
    }

    /** The step returns as in the trace: a constraint on the order wherever it falls before the cut. */
    Formula returnsAsTraced(int step) {
        return returns(step, seen(trace.get(step)), step, false);
    }

    /** What a seed needs for {@code step} to be its thread's next step right after the prefix (ending at {@code cut}) and return as {@code outcome}. */
    List<Formula> asTarget(int step, Outcome outcome, int cut) {
        List<Formula> parts = new ArrayList<>();
        parts.add(atoms.before(cut, step));
        for (int p : mhb.predecessorsOfAnyReturn(step)) {
            parts.add(atoms.before(p, cut));
        }
        parts.add(returns(step, outcome, cut, true));
        if (acquires(trace.get(step), outcome)) {
            parts.add(lockFree(step, cut));
        }
        return parts;
    }

    /** A wake-up always takes its lock back; a lock attempt takes it when it succeeds. */
    private static boolean acquires(Event e, Outcome outcome) {
        return call(e) == EventKind.WAKE || call(e) == EventKind.LOCK && outcome == Outcome.NORMAL;
    }

    /**
     * Whether {@code step} can return as {@code outcome} (as its thread sees it) with its step before
     * {@code anchor}: itself, or the cut for a seed's target (then its thread's next step after the
     * prefix, so the lock, notify, permit or joined thread's end it needs must come before the cut).
     */
    private Formula returns(int step, Outcome outcome, int anchor, boolean target) {
        Event e = trace.get(step);
        if (outcome == Outcome.INTERRUPTED) {
            return interruptedAt(step, anchor);
        }
        return switch (call(e)) {
            case WAKE -> outcome == Outcome.NORMAL ? notified(step, anchor, target) : Formula.TRUE;
            case PARK -> parks(step, outcome, anchor, target);
            case JOIN -> joins(step, outcome, anchor, target);
            case LOCK -> CausalModel.all(List.of(locks(step, outcome, anchor, target), clearIfInterruptible(step, anchor)));
            case ATOMIC_RMW -> Formula.TRUE; // it may fail spuriously or not in any order: its value is a read's, modelled as one
            default -> notInterruptedAt(step, anchor);
        };
    }

    private Formula clearIfInterruptible(int step, int anchor) {
        return trace.get(step).has(Event.INTERRUPTIBLE) ? notInterruptedAt(step, anchor) : Formula.TRUE;
    }

    /** A wake-up or park the busy-wait rule held (its WAIT carries the mark too, but the step is the WAKE). */
    private static boolean isHeld(Event e) {
        return e.has(Event.HELD) && (e.kind() == EventKind.WAKE || e.kind() == EventKind.PARK);
    }

    /** A wake-up returns as notified: spuriously (once released, if held), or with a notify it takes. */
    private Formula notified(int wake, int anchor, boolean target) {
        Event e = trace.get(wake);
        boolean isHeld = isHeld(e);
        if (e.has(Event.MAY_WAKE_SPURIOUSLY) && !isHeld) {
            return Formula.TRUE;
        }
        Formula byNotify;
        if (notifications.chooses(wake)) {
            byNotify = notifications.takes(wake, anchor);
        } else {
            // A Condition's: the trace's own signal holds it (MustHappenBefore), unless it was held (no such edge then);
            // a target needs a signal while it is the longest waiter.
            byNotify = target || isHeld ? headOfQueueSignalled(wake, anchor) : Formula.TRUE;
        }
        return isHeld ? CausalModel.any(List.of(byNotify, held.released(wake, anchor))) : byNotify;
    }

    /**
     * A signal on the wake-up's condition after its WAIT and before {@code anchor}, at which every
     * other waiter that came before it had left (so the signal goes to it), or a signalAll. A
     * sufficient condition: a waiter ahead may also leave the signal to it by holding an older one.
     */
    private Formula headOfQueueSignalled(int wake, int anchor) {
        Event e = trace.get(wake);
        int wait = mhb.waitBefore(wake);
        List<Formula> options = new ArrayList<>();
        for (Event n : trace.events()) {
            if (n.kind() == EventKind.NOTIFY && n.address().equals(e.address()) && n.waitSet() == e.waitSet()) {
                List<Formula> parts = new ArrayList<>(List.of(order(wait, n.index()), order(n.index(), anchor)));
                if (!n.has(Event.BROADCAST)) {
                    parts.add(aheadLeftBefore(wait, e, n.index()));
                }
                options.add(CausalModel.all(parts));
            }
        }
        return CausalModel.any(options);
    }

    private Formula aheadLeftBefore(int wait, Event wake, int signal) {
        List<Formula> parts = new ArrayList<>();
        for (Event w : trace.events()) {
            if (w.kind() == EventKind.WAIT && w.thread() != wake.thread() && w.address().equals(wake.address()) && w.waitSet() == wake.waitSet()) {
                int left = mhb.nextInThread(w.index());
                parts.add(CausalModel.any(List.of(order(wait, w.index()), left < 0 ? Formula.FALSE : order(left, signal))));
            }
        }
        return CausalModel.all(parts);
    }

    private Formula parks(int park, Outcome outcome, int anchor, boolean target) {
        Event e = trace.get(park);
        Formula permit = target ? values.reads(park, outcome == Outcome.NORMAL ? 1 : 0, anchor) : Formula.TRUE;
        Formula why;
        if (outcome != Outcome.SPURIOUS || e.has(Event.MAY_WAKE_SPURIOUSLY) && !isHeld(e)) {
            why = Formula.TRUE;
        } else if (isHeld(e)) {
            why = CausalModel.any(List.of(interruptedAt(park, anchor), held.released(park, anchor)));
        } else {
            why = interruptedAt(park, anchor);
        }
        return CausalModel.all(List.of(permit, why));
    }

    /**
     * A join returns because the thread ended (after its end; interrupted by then, only when the
     * thread had ended before the join began) or times out; {@code isAlive}, a join attempt
     * ({@link Event#ATTEMPT}) that does not wait, sees the thread dead after its end and alive before.
     */
    private Formula joins(int join, Outcome outcome, int anchor, boolean target) {
        Event e = trace.get(join);
        int end = endOfJoined(join);
        if (outcome != Outcome.NORMAL) {
            if (e.has(Event.ATTEMPT)) {
                return end < 0 ? Formula.TRUE : order(anchor, stepPerforming(end));
            }
            return notInterruptedAt(join, anchor);
        }
        if (end < 0) {
            return Formula.FALSE;
        }
        Formula ended = target ? order(end, anchor) : Formula.TRUE;
        if (!e.has(Event.INTERRUPTIBLE)) {
            return ended;
        }
        Formula endedFirst = order(end, mhb.previousInThread(join));
        return CausalModel.all(List.of(ended, CausalModel.any(List.of(notInterruptedAt(join, anchor), endedFirst))));
    }

    /**
     * The event whose schedule choice performs {@code event}: itself when {@link Event#CHOSEN}; else
     * (a thread's END or BEGIN, which no choice of its own performs) its thread's last chosen event
     * before it, or the FORK that started a thread that had none. Before that step, the event has
     * not happened either.
     */
    private int stepPerforming(int event) {
        int e = event;
        while (!trace.get(e).has(Event.CHOSEN)) {
            int previous = mhb.previousInThread(e);
            if (previous < 0) {
                for (int p : mhb.predecessors(e)) {
                    if (trace.get(p).kind() == EventKind.FORK) {
                        return p;
                    }
                }
                return e;
            }
            e = previous;
        }
        return e;
    }

    /** The last event of the thread a join step waits for, or -1 if it has none in the trace. */
    private int endOfJoined(int join) {
        List<Event> joined = trace.stepsOf(trace.get(join).address().slot());
        return joined.isEmpty() ? -1 : joined.get(joined.size() - 1).index();
    }

    private Formula locks(int attempt, Outcome outcome, int anchor, boolean target) {
        if (outcome == Outcome.NORMAL) {
            return target ? lockFree(attempt, anchor) : Formula.TRUE; // lock exclusion holds it in the trace
        }
        Event e = trace.get(attempt);
        int since = e.has(Event.TIMED) ? mhb.previousInThread(attempt) : anchor;
        List<Formula> held = new ArrayList<>();
        for (LockPair h : otherHoldings(attempt)) {
            held.add(CausalModel.all(List.of(order(h.acquire(), anchor), h.release() < 0 ? Formula.TRUE : order(since, h.release()))));
        }
        return CausalModel.any(held);
    }

    /** No other thread holds {@code step}'s lock at {@code anchor}. */
    private Formula lockFree(int step, int anchor) {
        List<Formula> parts = new ArrayList<>();
        for (LockPair h : otherHoldings(step)) {
            Formula notYet = order(anchor, h.acquire());
            parts.add(h.release() < 0 ? notYet : CausalModel.any(List.of(notYet, order(h.release(), anchor))));
        }
        return CausalModel.all(parts);
    }

    /** The holdings of {@code step}'s lock by other threads that exclude it. */
    private List<LockPair> otherHoldings(int step) {
        Event e = trace.get(step);
        boolean shared = e.has(Event.SHARED);
        List<LockPair> others = new ArrayList<>();
        for (LockPair h : locks.getOrDefault(e.address(), List.of())) {
            if (h.thread() != e.thread() && !(shared && h.shared())) {
                others.add(h);
            }
        }
        return others;
    }

    /** The thread's interrupt status is set at {@code step}: an interrupt of it before {@code anchor}, after the thread last cleared it. */
    private Formula interruptedAt(int step, int anchor) {
        int cleared = lastClearBefore(step);
        List<Formula> options = new ArrayList<>();
        for (int interrupt : interruptsOf.getOrDefault(trace.get(step).thread(), List.of())) {
            options.add(CausalModel.all(List.of(order(interrupt, anchor), cleared < 0 ? Formula.TRUE : order(cleared, interrupt))));
        }
        return CausalModel.any(options);
    }

    /** The thread's interrupt status is clear at {@code step}: every interrupt of it comes after {@code anchor} or before its last clearing. */
    private Formula notInterruptedAt(int step, int anchor) {
        int cleared = lastClearBefore(step);
        List<Formula> parts = new ArrayList<>();
        for (int interrupt : interruptsOf.getOrDefault(trace.get(step).thread(), List.of())) {
            parts.add(CausalModel.any(List.of(order(anchor, interrupt), cleared < 0 ? Formula.FALSE : order(interrupt, cleared))));
        }
        return CausalModel.all(parts);
    }

    /** The thread's last event before {@code step} that cleared its interrupt status (only the thread itself clears it), or -1. */
    private int lastClearBefore(int step) {
        Event e = trace.get(step);
        Address status = new Address(Address.Kind.THREAD_STATE, 0, e.thread());
        for (int p = mhb.previousInThread(step); p >= 0; p = mhb.previousInThread(p)) {
            Event earlier = trace.get(p);
            if (earlier.writesLocation() && status.equals(earlier.address()) && earlier.locationValue() == 0) {
                return p;
            }
        }
        return -1;
    }

    /** {@code a} before {@code b}, decided at once where must-happen-before decides it. */
    private Formula order(int a, int b) {
        int events = trace.size();
        if (a < events && b < events) {
            if (mhb.precedes(a, b)) {
                return Formula.TRUE;
            }
            if (a == b || mhb.precedes(b, a)) {
                return Formula.FALSE;
            }
        }
        return atoms.before(a, b);
    }

    /**
     * Marks, in a solver's order ({@code position} per variable), what {@code step} returning as
     * {@code outcome} before {@code anchor} needs besides its causal past: the interrupt that set the
     * status, the notify it takes, the end of the joined thread, a holding of the lock its attempt
     * failed on, the releases that free the lock it takes, the UNPARK whose permit it takes
     * ({@code sourceInOrder}: per read, the write it reads in the order).
     */
    void witnesses(int step, Outcome outcome, int anchor, int[] position, int[] sourceInOrder, IntConsumer mark) {
        Event e = trace.get(step);
        boolean target = anchor != step;
        boolean isHeld = isHeld(e);
        int release = isHeld ? SpinGuards.justifyingWrite(mhb, held.guard(step), position, position[anchor]) : -1;
        boolean parkWithoutPermit = call(e) == EventKind.PARK && outcome == Outcome.SPURIOUS;
        if (outcome == Outcome.INTERRUPTED || parkWithoutPermit && (!e.has(Event.MAY_WAKE_SPURIOUSLY) || isHeld && release < 0)) {
            markLastInterrupt(step, anchor, position, mark);
        } else if (parkWithoutPermit && release >= 0) {
            mark.accept(release);
        }
        switch (call(e)) {
            case WAKE -> {
                if (outcome == Outcome.NORMAL && release >= 0) {
                    mark.accept(release);
                } else if (outcome == Outcome.NORMAL && notifications.chooses(step)) {
                    mark.accept(notifications.takenIn(step, position, anchor));
                } else if (outcome == Outcome.NORMAL && (isHeld || target && !e.has(Event.MAY_WAKE_SPURIOUSLY))) {
                    markHeadOfQueueSignal(step, anchor, position, mark);
                }
                if (target) {
                    markReleases(step, anchor, position, mark);
                }
            }
            case PARK -> {
                if (target && outcome == Outcome.NORMAL) {
                    mark.accept(sourceInOrder[step]);
                }
            }
            case JOIN -> {
                if (target && outcome == Outcome.NORMAL) {
                    mark.accept(endOfJoined(step));
                }
            }
            case LOCK -> {
                if (outcome == Outcome.TIMED_OUT) {
                    otherHoldings(step).stream().filter(h -> position[h.acquire()] < position[anchor]).findFirst()
                            .ifPresent(h -> mark.accept(h.acquire()));
                } else if (target && outcome == Outcome.NORMAL) {
                    markReleases(step, anchor, position, mark);
                }
            }
            default -> {
            }
        }
    }

    /** For {@link #headOfQueueSignalled}: a signal the order gives the wake-up, and the wake-ups of the waiters that left before it. */
    private void markHeadOfQueueSignal(int wake, int anchor, int[] position, IntConsumer mark) {
        Event e = trace.get(wake);
        int wait = mhb.waitBefore(wake);
        for (Event n : trace.events()) {
            int signal = n.index();
            if (n.kind() != EventKind.NOTIFY || !n.address().equals(e.address()) || n.waitSet() != e.waitSet()
                    || position[signal] < position[wait] || position[signal] > position[anchor]) {
                continue;
            }
            List<Integer> leaves = new ArrayList<>();
            boolean head = true;
            for (Event w : trace.events()) {
                if (w.kind() == EventKind.WAIT && w.thread() != e.thread() && w.address().equals(e.address()) && w.waitSet() == e.waitSet()
                        && position[w.index()] < position[wait]) {
                    int left = mhb.nextInThread(w.index());
                    head &= left >= 0 && position[left] < position[signal];
                    leaves.add(left);
                }
            }
            if (n.has(Event.BROADCAST)) {
                mark.accept(signal);
                return;
            }
            if (head) {
                mark.accept(signal);
                leaves.forEach(mark::accept);
                return;
            }
        }
    }

    private void markLastInterrupt(int step, int anchor, int[] position, IntConsumer mark) {
        int last = -1;
        for (int interrupt : interruptsOf.getOrDefault(trace.get(step).thread(), List.of())) {
            if (position[interrupt] < position[anchor] && (last < 0 || position[interrupt] > position[last])) {
                last = interrupt;
            }
        }
        mark.accept(last);
    }

    private void markReleases(int step, int anchor, int[] position, IntConsumer mark) {
        for (LockPair h : otherHoldings(step)) {
            if (position[h.acquire()] < position[anchor] && h.release() >= 0) {
                mark.accept(h.release());
            }
        }
    }
}
