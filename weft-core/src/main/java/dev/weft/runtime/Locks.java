package dev.weft.runtime;

import dev.weft.runtime.LockState.View;
import dev.weft.runtime.LockState.Waiter;
import dev.weft.trace.Address;
import dev.weft.trace.Event;
import dev.weft.trace.EventKind;
import dev.weft.trace.Symbols;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.Date;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.stream.Collectors;

/**
 * Monitors with {@code Object.wait}/{@code notify}, {@code java.util.concurrent} locks with their
 * conditions and read/write views, and {@code LockSupport.park}/{@code unpark}. Each lock is a
 * {@link LockState} found by the object the program locks; the real JDK lock is never taken, since
 * only one program thread runs at a time. Monitors and locks share acquiring and releasing, and
 * {@code Object.wait} and {@code Condition.await} share one wait ({@link #waitFor}), so they live in
 * one class. A blocking operation that sees its thread interrupted follows {@link ThreadLifecycle}'s rule.
 */
final class Locks {
    private enum Wake { NOTIFIED, TIMED_OUT, INTERRUPTED }

    private record ConditionQueue(LockState lock, List<Waiter> waiters) {
    }

    private final Scheduler core;
    private final ThreadLifecycle threads;
    private final Symbols symbols;
    private final Map<Object, LockState> monitors = new IdentityHashMap<>();
    private final Map<Object, View> lockViews = new IdentityHashMap<>();
    private final Map<Object, ConditionQueue> conditions = new IdentityHashMap<>();

    Locks(Scheduler core, ThreadLifecycle threads) {
        this.core = core;
        this.threads = threads;
        this.symbols = core.symbols;
    }

    // ------------------------------------------------------------------ monitors, wait/notify

    private LockState monitor(Object monitor, RunThread me) {
        Objects.requireNonNull(monitor);
        return monitors.computeIfAbsent(monitor, m -> new LockState(Address.lock(core.objects().id(m, me))));
    }

    void monitorEnter(Object monitor, int loc) {
        RunThread me = core.enter();
        try {
            LockState l = monitor(monitor, me);
            if (me.controlled()) {
                acquire(me, new View(l, false), loc, false);
            }
        } finally {
            core.unlock();
        }
    }

    void monitorExit(Object monitor, int loc) {
        RunThread me = core.enter();
        try {
            LockState l = monitor(monitor, me);
            if (me.controlled()) {
                release(me, new View(l, false), loc);
            }
        } finally {
            core.unlock();
        }
    }

    void objectWait(Object monitor, long millis, int nanos, boolean timed, int loc) throws InterruptedException {
        RunThread me = core.enter();
        try {
            if (millis < 0 || nanos < 0 || nanos > 999_999) {
                throw WeftThrowables.atCaller(new IllegalArgumentException("timeout value is negative or nanos out of range"));
            }
            LockState l = monitor(monitor, me);
            if (!me.controlled()) {
                return; // a spurious wake-up, which Object.wait allows
            }
            if (l.owner != me) {
                throw WeftThrowables.atCaller(new IllegalMonitorStateException("current thread is not owner"));
            }
            Wake wake = waitFor(me, l, l.waiters, monitor, timed && (millis > 0 || nanos > 0), true, loc, "notify");
            if (wake == Wake.INTERRUPTED) {
                throw WeftThrowables.atCaller(new InterruptedException());
            }
            if (wake == Wake.TIMED_OUT) {
                me.clockNanos += TimeUnit.MILLISECONDS.toNanos(millis) + nanos;
            }
        } finally {
            core.unlock();
        }
    }

    void objectNotify(Object monitor, boolean all, int loc) {
        RunThread me = core.enter();
        try {
            LockState l = monitor(monitor, me);
            if (!me.controlled()) {
                return;
            }
            if (l.owner != me) {
                throw WeftThrowables.atCaller(new IllegalMonitorStateException("current thread is not owner"));
            }
            notify(me, l, l.waiters, all, loc);
        } finally {
            core.unlock();
        }
    }

    /**
     * Object.wait / Condition.await: WAIT releases the lock completely, WAKE re-acquires it with the
     * same hold count. {@code jvmMonitor} is the monitor object for Object.wait (whose JVM monitor the
     * thread holds), null for a Condition.
     */
    private Wake waitFor(RunThread me, LockState l, List<Waiter> queue, Object jvmMonitor, boolean timed, boolean interruptible,
                         int loc, String what) {
        core.schedulingPoint(me, EventKind.WAIT, l.address, loc);
        if (interruptible && me.interrupted) {
            threads.consumeInterrupt(me, loc);
            return Wake.INTERRUPTED;
        }
        core.drain(me);
        int holds = l.holds;
        l.owner = null;
        l.holds = 0;
        core.record(me, EventKind.WAIT, loc, l.address, 0, 0, (char) 0, 0);
        Waiter waiter = new Waiter(me);
        queue.add(waiter);
        me.jvmMonitor = jvmMonitor;
        try {
            core.schedulingPoint(me, EventKind.WAKE, l.address, loc,
                    () -> l.available(me, false) && (waiter.notifiedBy >= 0 || timed || (interruptible && me.interrupted)),
                    () -> waiter.notifiedBy >= 0 ? "was woken and waits to re-acquire " + describe(l)
                            : "waits for a " + what + " on " + describe(l));
        } finally {
            me.jvmMonitor = null;
            Thread.interrupted(); // a wake-up call that came after the thread had its turn already
        }
        queue.remove(waiter);
        l.owner = me;
        l.holds = holds;
        core.record(me, EventKind.WAKE, loc, l.address, 0, waiter.notifiedBy, (char) 0, 0);
        if (waiter.notifiedBy >= 0) {
            return Wake.NOTIFIED;
        }
        if (interruptible && me.interrupted) {
            threads.consumeInterrupt(me, loc);
            return Wake.INTERRUPTED;
        }
        return Wake.TIMED_OUT;
    }

    /** notify wakes the longest waiter; notifyAll wakes every waiter. */
    private void notify(RunThread me, LockState l, List<Waiter> queue, boolean all, int loc) {
        core.schedulingPoint(me, EventKind.NOTIFY, l.address, loc);
        core.drain(me);
        int index = core.recording.nextIndex();
        int woken = -1;
        if (all) {
            queue.forEach(w -> w.notifiedBy = index);
            queue.clear();
        } else if (!queue.isEmpty()) {
            Waiter w = queue.remove(0);
            w.notifiedBy = index;
            woken = w.thread.id;
        }
        core.record(me, EventKind.NOTIFY, loc, l.address, 0, woken, (char) 0, 0);
    }

    private String describe(LockState l) {
        StringBuilder s = new StringBuilder(symbols.describe(l.address));
        if (l.owner != null) {
            s.append(" held by ").append(l.owner.name);
        }
        if (!l.readers.isEmpty()) {
            s.append(" read-held by ").append(l.readers.keySet().stream().map(t -> t.name).collect(Collectors.joining(", ")));
        }
        return s.toString();
    }

    // ------------------------------------------------------------------ java.util.concurrent.locks

    private View view(Object lockObject, RunThread me, int loc) {
        View view = lockViews.get(Objects.requireNonNull(lockObject));
        if (view != null) {
            return view;
        }
        if (lockObject instanceof ReentrantReadWriteLock.ReadLock || lockObject instanceof ReentrantReadWriteLock.WriteLock) {
            core.unsupportedLocked("a ReentrantReadWriteLock view obtained outside instrumented code", loc);
        }
        view = new View(new LockState(Address.lock(core.objects().id(lockObject, me))), false);
        lockViews.put(lockObject, view);
        return view;
    }

    /** Acquires {@code view} for {@code me}: outermost acquisitions are scheduling points and LOCK events. */
    private void acquire(RunThread me, View view, int loc, boolean interruptibly) throws RunAbort {
        LockState l = view.lock();
        if (l.heldBy(me, view.shared()) > 0) {
            reenter(me, view);
            return;
        }
        core.schedulingPoint(me, EventKind.LOCK, l.address, loc,
                () -> l.available(me, view.shared()) || (interruptibly && me.interrupted),
                () -> "waits for " + (view.shared() ? "read lock " : "") + describe(l));
        if (interruptibly && me.interrupted) {
            threads.consumeInterrupt(me, loc);
            throw new InterruptedSignal();
        }
        take(me, view, loc);
    }

    private void take(RunThread me, View view, int loc) {
        core.drain(me);
        hold(me, view);
        core.record(me, EventKind.LOCK, loc, view.lock().address, 0, 0, (char) 0, view.shared() ? Event.SHARED : 0);
    }

    /** A re-entrant acquisition: no event shows it, so the busy-wait rule must hear of it (a changed hold count is state). */
    private static void reenter(RunThread me, View view) {
        me.loops.unrecordedChange();
        hold(me, view);
    }

    private static void hold(RunThread me, View view) {
        LockState l = view.lock();
        if (view.shared()) {
            l.readers.merge(me, 1, Integer::sum);
        } else {
            l.owner = me;
            l.holds++;
        }
    }

    private void release(RunThread me, View view, int loc) {
        LockState l = view.lock();
        int held = l.heldBy(me, view.shared());
        if (held == 0) {
            throw WeftThrowables.atCaller(new IllegalMonitorStateException("current thread does not hold " + symbols.describe(l.address)));
        }
        if (held == 1) {
            core.schedulingPoint(me, EventKind.UNLOCK, l.address, loc);
            core.drain(me);
            core.record(me, EventKind.UNLOCK, loc, l.address, 0, 0, (char) 0, view.shared() ? Event.SHARED : 0);
        } else {
            me.loops.unrecordedChange();
        }
        if (view.shared()) {
            if (held == 1) {
                l.readers.remove(me);
            } else {
                l.readers.put(me, held - 1);
            }
        } else if (--l.holds == 0) {
            l.owner = null;
        }
    }

    /** Carries an InterruptedException out of helpers that cannot declare it. */
    private static final class InterruptedSignal extends RuntimeException {
        InterruptedSignal() {
            super(null, null, false, false);
        }
    }

    void lock(Object lockObject, boolean interruptibly, int loc) throws InterruptedException {
        RunThread me = core.enter();
        try {
            View view = view(lockObject, me, loc);
            if (me.controlled()) {
                acquire(me, view, loc, interruptibly);
            }
        } catch (InterruptedSignal e) {
            throw WeftThrowables.atCaller(new InterruptedException());
        } finally {
            core.unlock();
        }
    }

    boolean tryLock(Object lockObject, int loc) {
        RunThread me = core.enter();
        try {
            View view = view(lockObject, me, loc);
            return me.controlled() && tryAcquire(me, view, loc, false, 0);
        } finally {
            core.unlock();
        }
    }

    boolean tryLock(Object lockObject, long time, TimeUnit unit, int loc) throws InterruptedException {
        RunThread me = core.enter();
        try {
            View view = view(lockObject, me, loc);
            return me.controlled() && tryAcquire(me, view, loc, true, unit.toNanos(time));
        } catch (InterruptedSignal e) {
            throw WeftThrowables.atCaller(new InterruptedException());
        } finally {
            core.unlock();
        }
    }

    /** tryLock: fails (a YIELD event) when the lock is not free at the moment it is scheduled; a timed one may be scheduled after a release. */
    private boolean tryAcquire(RunThread me, View view, int loc, boolean timed, long nanos) {
        LockState l = view.lock();
        if (l.heldBy(me, view.shared()) > 0) {
            reenter(me, view);
            return true;
        }
        core.schedulingPoint(me, EventKind.LOCK, l.address, loc);
        if (timed && me.interrupted) {
            threads.consumeInterrupt(me, loc);
            throw new InterruptedSignal();
        }
        if (l.available(me, view.shared())) {
            take(me, view, loc);
            return true;
        }
        me.clockNanos += Math.max(0, nanos);
        core.record(me, EventKind.YIELD, loc, null, 0, 0, (char) 0, 0);
        return false;
    }

    void unlock(Object lockObject, int loc) {
        RunThread me = core.enter();
        try {
            View view = view(lockObject, me, loc);
            if (me.controlled()) {
                release(me, view, loc);
            }
        } finally {
            core.unlock();
        }
    }

    Object newCondition(Object lockObject, int loc) {
        RunThread me = core.enter();
        try {
            View view = view(lockObject, me, loc);
            Object condition = JdkMethods.call(lockObject, jdkClassOf(lockObject), "newCondition", MethodType.methodType(Condition.class));
            conditions.put(condition, new ConditionQueue(view.lock(), new ArrayList<>()));
            return condition;
        } finally {
            core.unlock();
        }
    }

    Object readWriteLockView(Object readWriteLock, boolean write, int loc) {
        RunThread me = core.enter();
        try {
            Object view = readWriteLock instanceof ReentrantReadWriteLock
                    ? JdkMethods.call(readWriteLock, ReentrantReadWriteLock.class, write ? "writeLock" : "readLock",
                            MethodType.methodType(write ? ReentrantReadWriteLock.WriteLock.class : ReentrantReadWriteLock.ReadLock.class))
                    : write ? ((ReadWriteLock) readWriteLock).writeLock() : ((ReadWriteLock) readWriteLock).readLock();
            if (readWriteLock instanceof ReentrantReadWriteLock) {
                LockState state = monitorsOfReadWriteLock(readWriteLock, me);
                lockViews.putIfAbsent(view, new View(state, !write));
            }
            return view;
        } finally {
            core.unlock();
        }
    }

    /** The JDK lock class whose newCondition a lock object inherits. */
    private static Class<?> jdkClassOf(Object lockObject) {
        if (lockObject instanceof ReentrantLock) {
            return ReentrantLock.class;
        }
        if (lockObject instanceof ReentrantReadWriteLock.WriteLock) {
            return ReentrantReadWriteLock.WriteLock.class;
        }
        if (lockObject instanceof ReentrantReadWriteLock.ReadLock) {
            return ReentrantReadWriteLock.ReadLock.class;
        }
        return Lock.class;
    }

    /** Both views of one read/write lock share one state and one address. */
    private LockState monitorsOfReadWriteLock(Object readWriteLock, RunThread me) {
        for (View v : lockViews.values()) {
            if (v.lock().address.object() == core.objects().id(readWriteLock, me)) {
                return v.lock();
            }
        }
        return new LockState(Address.lock(core.objects().id(readWriteLock, me)));
    }

    boolean isLocked(Object lockObject, int loc) {
        RunThread me = core.enter();
        try {
            View view = view(lockObject, me, loc);
            if (me.controlled()) {
                core.schedulingPoint(me, EventKind.YIELD, view.lock().address, loc);
                core.record(me, EventKind.YIELD, loc, null, 0, 0, (char) 0, 0);
            }
            return view.lock().owner != null;
        } finally {
            core.unlock();
        }
    }

    boolean isHeldByCurrentThread(Object lockObject, int loc) {
        return getHoldCount(lockObject, loc) > 0;
    }

    int getHoldCount(Object lockObject, int loc) {
        RunThread me = core.enter();
        try {
            View view = view(lockObject, me, loc);
            return view.lock().heldBy(me, view.shared());
        } finally {
            core.unlock();
        }
    }

    // ------------------------------------------------------------------ conditions

    private Wake awaitCondition(Object condition, boolean timed, boolean interruptibly, int loc) throws InterruptedException {
        RunThread me = core.enter();
        try {
            ConditionQueue queue = conditions.get(Objects.requireNonNull(condition));
            if (queue == null) {
                core.unsupportedLocked("a Condition created outside instrumented code", loc);
            }
            if (queue.lock().owner != me) {
                throw WeftThrowables.atCaller(new IllegalMonitorStateException("current thread does not hold the condition's lock"));
            }
            if (!me.controlled()) {
                return Wake.NOTIFIED;
            }
            Wake wake = waitFor(me, queue.lock(), queue.waiters(), null, timed, interruptibly, loc, "signal");
            if (wake == Wake.INTERRUPTED) {
                throw WeftThrowables.atCaller(new InterruptedException());
            }
            return wake;
        } finally {
            core.unlock();
        }
    }

    void await(Object condition, boolean interruptibly, int loc) throws InterruptedException {
        awaitCondition(condition, false, interruptibly, loc);
    }

    boolean await(Object condition, long time, TimeUnit unit, int loc) throws InterruptedException {
        return awaitCondition(condition, true, true, loc) != Wake.TIMED_OUT;
    }

    long awaitNanos(Object condition, long nanos, int loc) throws InterruptedException {
        return awaitCondition(condition, true, true, loc) == Wake.TIMED_OUT ? 0 : Math.max(1, nanos);
    }

    boolean awaitUntil(Object condition, Date deadline, int loc) throws InterruptedException {
        return awaitCondition(condition, true, true, loc) != Wake.TIMED_OUT;
    }

    void signal(Object condition, boolean all, int loc) {
        RunThread me = core.enter();
        try {
            ConditionQueue queue = conditions.get(Objects.requireNonNull(condition));
            if (queue == null) {
                core.unsupportedLocked("a Condition created outside instrumented code", loc);
            }
            if (queue.lock().owner != me) {
                throw WeftThrowables.atCaller(new IllegalMonitorStateException("current thread does not hold the condition's lock"));
            }
            if (me.controlled()) {
                notify(me, queue.lock(), queue.waiters(), all, loc);
            }
        } finally {
            core.unlock();
        }
    }

    // ------------------------------------------------------------------ LockSupport.park/unpark

    private static Address permitAddress(RunThread t) {
        return new Address(Address.Kind.THREAD_STATE, 1, t.id);
    }

    void park(Object blocker, boolean timed, int loc) {
        RunThread me = core.enter();
        try {
            if (!me.controlled()) {
                return; // park may return spuriously
            }
            core.schedulingPoint(me, EventKind.PARK, permitAddress(me), loc,
                    () -> me.permit || me.interrupted || timed, () -> "is parked");
            core.drain(me);
            boolean hadPermit = me.permit;
            me.permit = false;
            core.record(me, EventKind.PARK, loc, permitAddress(me), hadPermit ? 1 : 0, 0, 'Z', 0);
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
            core.schedulingPoint(me, EventKind.UNPARK, permitAddress(target), loc);
            core.drain(me);
            target.permit = true;
            core.record(me, EventKind.UNPARK, loc, permitAddress(target), 1, target.id, 'Z', 0);
        } finally {
            core.unlock();
        }
    }
}
