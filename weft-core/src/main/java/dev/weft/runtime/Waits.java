package dev.weft.runtime;

import dev.weft.runtime.WaitSet.Waiter;
import dev.weft.trace.Address;
import dev.weft.trace.Event;
import dev.weft.trace.EventKind;
import dev.weft.trace.Location;
import dev.weft.trace.Outcome;
import java.lang.invoke.MethodType;
import java.util.Date;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;

/**
 * Waiting for another thread's action: {@code Object.wait}/{@code notify}, the {@code Condition}
 * family ({@code await}, {@code awaitNanos}, {@code awaitUntil}, {@code awaitUninterruptibly},
 * {@code signal}) and {@code LockSupport.park}/{@code unpark}. A wait releases its lock (WAIT),
 * then re-takes it when it returns (WAKE); which waiter a notify wakes is decided late
 * ({@link WaitSet}).
 *
 * <p>A waiting call may return without its partner's action, and each way it can is a choice of
 * the schedule ({@link Outcome}): a notification it may take (NORMAL), its time running out
 * (TIMED_OUT: a timed call, at any moment, since Weft's clock does not run), an interrupt
 * (INTERRUPTED), and, when the run allows spurious wake-ups, nothing at all (SPURIOUS: JLS 17.2.1,
 * the {@code Condition} and {@code LockSupport} javadoc). Waits inside Weft's models of JDK classes
 * ({@code dev.weft.modelled}) never wake spuriously: they stand for JDK code whose own loops hide
 * its spurious wake-ups from the program.
 */
final class Waits {
    /** What a waiting call allows, as the {@link Event} flags of its steps say. */
    private record Call(boolean timed, boolean interruptible, boolean spurious, String partner) {
        int flags() {
            return (timed ? Event.TIMED : 0) | (interruptible ? Event.INTERRUPTIBLE : 0) | (spurious ? Event.MAY_WAKE_SPURIOUSLY : 0);
        }
    }

    /** A condition's lock and wait set; {@code id} names the wait set in events (a monitor's own is 0). */
    private record ConditionQueue(LockState lock, WaitSet waiters, long id) {
    }

    private final Scheduler core;
    private final Locks locks;
    private final ThreadLifecycle threads;
    private final Map<Object, ConditionQueue> conditions = new IdentityHashMap<>();
    /** Per program location: whether a wait there may wake spuriously (not inside Weft's models). */
    private final Map<Integer, Boolean> spuriousAt = new HashMap<>();

    Waits(Scheduler core, Locks locks, ThreadLifecycle threads) {
        this.core = core;
        this.locks = locks;
        this.threads = threads;
    }

    private boolean mayWakeSpuriously(int loc) {
        return core.spuriousWakeups() && spuriousAt.computeIfAbsent(loc, l -> {
            Location where = core.symbols.locations().get(l);
            // Weft's models and the JDK's own code re-check and wait again after a spurious return: exploring one there
            // only multiplies runs (a Semaphore's acquire: runs without end instead of 64).
            return where == null || !where.className().startsWith("dev.weft.modelled.") && !isJdk(where.className());
        });
    }

    private static boolean isJdk(String className) {
        return className.startsWith("java.") || className.startsWith("jdk.") || className.startsWith("sun.");
    }

    // ------------------------------------------------------------------ Object.wait / notify

    void objectWait(Object monitor, long millis, int nanos, boolean timed, int loc) throws InterruptedException {
        RunThread me = core.enter();
        try {
            if (millis < 0 || nanos < 0 || nanos > 999_999) {
                throw WeftThrowables.atCaller(new IllegalArgumentException("timeout value is negative or nanos out of range"));
            }
            LockState l = locks.monitorOf(monitor, me);
            if (!me.controlled()) {
                return; // a spurious wake-up, which Object.wait allows
            }
            if (l.owner != me) {
                throw WeftThrowables.atCaller(new IllegalMonitorStateException("current thread is not owner"));
            }
            Call call = new Call(timed && (millis > 0 || nanos > 0), true, mayWakeSpuriously(loc), "notify");
            Outcome outcome = waitFor(me, l, l.waiters, 0, monitor, call, loc);
            if (outcome == Outcome.INTERRUPTED) {
                throw WeftThrowables.atCaller(new InterruptedException());
            }
            if (outcome == Outcome.TIMED_OUT) {
                me.clockNanos += TimeUnit.MILLISECONDS.toNanos(millis) + nanos;
            }
        } finally {
            core.unlock();
        }
    }

    void objectNotify(Object monitor, boolean all, int loc) {
        RunThread me = core.enter();
        try {
            LockState l = locks.monitorOf(monitor, me);
            if (!me.controlled()) {
                return;
            }
            if (l.owner != me) {
                throw WeftThrowables.atCaller(new IllegalMonitorStateException("current thread is not owner"));
            }
            notify(me, l, l.waiters, 0, all, loc);
        } finally {
            core.unlock();
        }
    }

    /**
     * Object.wait / Condition.await: an interrupt before it blocks ends it at once; else WAIT releases
     * the lock completely and WAKE re-takes it with the same hold count, however the call returns.
     * {@code setId} names the wait set in the events; {@code jvmMonitor} is the monitor object for
     * Object.wait (whose JVM monitor the thread holds), null for a Condition.
     */
    private Outcome waitFor(RunThread me, LockState l, WaitSet set, long setId, Object jvmMonitor, Call call, int loc) {
        if (enteredInterrupted(me, EventKind.WAIT, l.address, call.flags(), call.interruptible(), loc)) {
            return Outcome.INTERRUPTED;
        }
        core.drain(me);
        int holds = l.holds;
        l.owner = null;
        l.holds = 0;
        int held = held(me, call);
        core.record(me, EventKind.WAIT, loc, l.address, setId, held == 0 ? 0 : me.loops.heldWaitStart(), (char) 0, call.flags() | held);
        Waiter waiter = set.enter(me);
        me.jvmMonitor = jvmMonitor;
        Outcome outcome;
        try {
            outcome = core.blockingPoint(me, new PendingOperation(EventKind.WAKE, l.address, loc, call.flags() | held,
                            me.loops.heldWaitAwaits()),
                    () -> wakeOutcomes(me, l, set, waiter, call),
                    () -> set.notified(waiter) ? "was woken and waits to re-acquire " + locks.describe(l)
                            : "waits for a " + call.partner() + " on " + locks.describe(l));
        } finally {
            me.jvmMonitor = null;
            Thread.interrupted(); // a wake-up call that came after the thread had its turn already
        }
        int woken = -1;
        if (outcome == Outcome.NORMAL) {
            woken = set.wake(waiter);
        } else {
            set.leave(waiter);
        }
        l.owner = me;
        l.holds = holds;
        l.takenAt = loc;
        me.loops.waitReturned();
        core.record(me, EventKind.WAKE, loc, l.address, setId, woken, (char) 0, Event.flagsOf(outcome) | call.flags() | held);
        if (woken >= 0) {
            core.recording.notificationTaken(woken, me);
        }
        if (outcome == Outcome.INTERRUPTED) {
            threads.consumeInterrupt(me, loc);
        }
        return outcome;
    }

    /** How a waiter can return now: it needs its lock free, then any way its call allows (a spurious return only where no notification is there to take). */
    private static int wakeOutcomes(RunThread me, LockState l, WaitSet set, Waiter waiter, Call call) {
        if (!l.available(me, false)) {
            return Outcomes.NONE;
        }
        boolean notified = set.notified(waiter);
        return Outcomes.when(notified, Outcomes.NORMAL) | Outcomes.when(!notified && spuriousNow(me, call), Outcomes.SPURIOUS)
                | Outcomes.when(call.timed(), Outcomes.TIMED_OUT) | Outcomes.when(call.interruptible() && me.interrupted, Outcomes.INTERRUPTED);
    }

    /** Whether the call may return spuriously now: the run allows it there, and the busy-wait rule does not hold it ({@link LoopWatch}). */
    private static boolean spuriousNow(RunThread me, Call call) {
        return call.spurious() && me.loops.mayWakeSpuriously();
    }

    /** {@link Event#HELD} when the busy-wait rule holds this spurious-capable wait or park, else 0. */
    private static int held(RunThread me, Call call) {
        return call.spurious() && me.loops.holdsWait() ? Event.HELD : 0;
    }

    /**
     * The step into a wait ({@code kind} at {@code address}): when the call is interruptible and the
     * thread is interrupted by then, the call ends at once (a YIELD at {@code address}, then the
     * interrupt is consumed) and this returns true.
     */
    private boolean enteredInterrupted(RunThread me, EventKind kind, Address address, int flags, boolean interruptible, int loc) {
        Outcome outcome = core.blockingPoint(me, new PendingOperation(kind, address, loc, flags),
                () -> interruptible && me.interrupted ? Outcomes.INTERRUPTED : Outcomes.NORMAL, null);
        if (outcome != Outcome.INTERRUPTED) {
            return false;
        }
        threads.endedByInterrupt(me, kind, address, flags, loc);
        return true;
    }

    /** notify wakes one waiter present (decided when one takes it, {@link WaitSet}); notifyAll every waiter present. */
    private void notify(RunThread me, LockState l, WaitSet set, long setId, boolean all, int loc) {
        core.schedulingPoint(me, EventKind.NOTIFY, l.address, loc);
        core.drain(me);
        int index = core.recording.nextIndex();
        if (all) {
            set.notifyAll(index);
        } else {
            set.notifyOne(index);
        }
        core.record(me, EventKind.NOTIFY, loc, l.address, setId, -1, (char) 0, all ? Event.BROADCAST : 0);
    }

    // ------------------------------------------------------------------ conditions

    Object newCondition(Object lockObject, int loc) {
        RunThread me = core.enter();
        try {
            LockState lock = locks.lockOf(lockObject, me, loc);
            Object condition = JdkMethods.call(lockObject, Locks.jdkClassOf(lockObject), "newCondition", MethodType.methodType(Condition.class));
            conditions.put(condition, new ConditionQueue(lock, new WaitSet(true), core.objects().id(condition, me)));
            return condition;
        } finally {
            core.unlock();
        }
    }

    /**
     * A condition the JDK's code made of a lock (a blocking queue's, in its constructor, which ran outside the run), once
     * the lock is Weft's: the lock whose synchronizer the condition belongs to.
     */
    private ConditionQueue jdkMadeCondition(Object condition, RunThread me) {
        Object lockObject = locks.lockOfJdkCondition(condition);
        if (lockObject == null) {
            return null;
        }
        ConditionQueue queue = new ConditionQueue(locks.lockOf(lockObject, me, -1), new WaitSet(true), core.objects().id(condition, me));
        conditions.put(condition, queue);
        return queue;
    }

    private ConditionQueue queue(Object condition, RunThread me, int loc) {
        ConditionQueue queue = conditions.get(Objects.requireNonNull(condition));
        if (queue == null) {
            queue = jdkMadeCondition(condition, me);
        }
        if (queue == null) {
            core.unsupportedLocked(condition.getClass().getName().contains(".AbstractQueued")
                    ? "a Condition of an " + condition.getClass().getEnclosingClass().getSimpleName() + " that is no lock Weft models"
                            + " (a program's own subclass)"
                    : "a Condition created outside instrumented code", loc);
        }
        if (queue.lock().owner != me) {
            throw WeftThrowables.atCaller(new IllegalMonitorStateException("current thread does not hold the condition's lock"));
        }
        return queue;
    }

    /** How the await returned; the thread's clock passes {@code nanos} when it timed out. */
    private Outcome awaitCondition(Object condition, boolean timed, boolean interruptibly, long nanos, int loc) throws InterruptedException {
        RunThread me = core.enter();
        try {
            ConditionQueue queue = queue(condition, me, loc);
            if (!me.controlled()) {
                return Outcome.NORMAL;
            }
            Call call = new Call(timed, interruptibly, mayWakeSpuriously(loc), "signal");
            Outcome outcome = waitFor(me, queue.lock(), queue.waiters(), queue.id(), null, call, loc);
            if (outcome == Outcome.INTERRUPTED) {
                throw WeftThrowables.atCaller(new InterruptedException());
            }
            if (outcome == Outcome.TIMED_OUT) {
                me.clockNanos += Math.max(0, nanos);
            }
            return outcome;
        } finally {
            core.unlock();
        }
    }

    void await(Object condition, boolean interruptibly, int loc) throws InterruptedException {
        awaitCondition(condition, false, interruptibly, 0, loc);
    }

    boolean await(Object condition, long time, TimeUnit unit, int loc) throws InterruptedException {
        return awaitCondition(condition, true, true, unit.toNanos(time), loc) != Outcome.TIMED_OUT;
    }

    long awaitNanos(Object condition, long nanos, int loc) throws InterruptedException {
        return awaitCondition(condition, true, true, nanos, loc) == Outcome.TIMED_OUT ? 0 : Math.max(1, nanos);
    }

    boolean awaitUntil(Object condition, Date deadline, int loc) throws InterruptedException {
        return awaitCondition(condition, true, true, 0, loc) != Outcome.TIMED_OUT;
    }

    void signal(Object condition, boolean all, int loc) {
        RunThread me = core.enter();
        try {
            ConditionQueue queue = queue(condition, me, loc);
            if (me.controlled()) {
                notify(me, queue.lock(), queue.waiters(), queue.id(), all, loc);
            }
        } finally {
            core.unlock();
        }
    }

    // ------------------------------------------------------------------ LockSupport.park/unpark

    private static Address permitAddress(RunThread t) {
        return new Address(Address.Kind.THREAD_STATE, 1, t.id);
    }

    /**
     * park takes the permit when there is one (NORMAL); without one it returns when interrupted
     * (INTERRUPTED, the interrupt stays set), when its time runs out (TIMED_OUT: the thread's clock passes {@code nanos}),
     * or spuriously.
     */
    void park(Object blocker, boolean timed, long nanos, int loc) {
        RunThread me = core.enter();
        try {
            if (!me.controlled()) {
                return; // park may return spuriously
            }
            Call call = new Call(timed, true, mayWakeSpuriously(loc), "unpark");
            int held = held(me, call);
            int heldStart = held == 0 ? 0 : me.loops.heldWaitStart();
            Outcome outcome = core.blockingPoint(me, new PendingOperation(EventKind.PARK, permitAddress(me), loc, call.flags() | held,
                            me.loops.heldWaitAwaits()),
                    () -> me.permit ? Outcomes.NORMAL
                            : Outcomes.when(me.interrupted, Outcomes.INTERRUPTED) | Outcomes.when(!me.interrupted && spuriousNow(me, call), Outcomes.SPURIOUS)
                                    | Outcomes.when(timed, Outcomes.TIMED_OUT),
                    () -> "is parked");
            core.drain(me);
            boolean took = outcome == Outcome.NORMAL;
            if (outcome == Outcome.TIMED_OUT && nanos > 0) {
                me.clockNanos += nanos;
            }
            me.permit = false;
            me.loops.waitReturned();
            core.record(me, EventKind.PARK, loc, permitAddress(me), took ? 1 : 0, heldStart, 'Z', Event.flagsOf(outcome) | call.flags() | held);
        } finally {
            core.unlock();
        }
    }

    void unpark(Thread thread, int loc) {
        RunThread me = core.enter();
        try {
            RunThread target = thread == null ? null : core.thread(thread);
            if (target == null || target.ended || !me.controlled()) {
                return; // unparking a thread that is not alive has no effect
            }
            threads.setForTarget(me, EventKind.UNPARK, permitAddress(target), target, () -> target.permit = true, loc);
        } finally {
            core.unlock();
        }
    }
}
