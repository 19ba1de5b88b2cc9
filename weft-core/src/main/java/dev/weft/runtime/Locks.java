package dev.weft.runtime;

import dev.weft.jdk.JdkApi;
import dev.weft.runtime.LockState.View;
import dev.weft.trace.Event;
import dev.weft.trace.EventKind;
import dev.weft.trace.Location;
import dev.weft.trace.Outcome;
import dev.weft.trace.Symbols;
import dev.weft.trace.Address;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.stream.Collectors;

/**
 * Monitors and {@code java.util.concurrent} locks with their read/write views. Each lock is a
 * {@link LockState} found by the object the program locks; the real JDK lock is never taken, since
 * only one program thread runs at a time. Monitors and locks share acquiring and releasing;
 * waiting on them is {@link Waits}'. A lock attempt ({@code tryLock}, {@code lockInterruptibly})
 * is a blocking call with several ways to return ({@link Outcome}): an interrupt by the time it is
 * stepped ends an interruptible one ({@link ThreadLifecycle#endedByInterrupt}), a {@code tryLock}
 * fails where the lock is taken, and a timed one may also time out once another thread held the
 * lock while it waited.
 */
final class Locks {
    private final Scheduler core;
    private final ThreadLifecycle threads;
    private final Symbols symbols;
    private final Map<Object, LockState> monitors = new IdentityHashMap<>();
    private final Map<Object, View> lockViews = new IdentityHashMap<>();

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

    /** The monitor of {@code monitor}, made on first use. */
    LockState monitorOf(Object monitor, RunThread me) {
        return monitor(monitor, me);
    }

    /** The state of {@code java.util.concurrent} lock {@code lockObject}, made on first use. */
    LockState lockOf(Object lockObject, RunThread me, int loc) {
        return view(lockObject, me, loc).lock();
    }

    /** The lock's name and who holds it, for a blocked thread's description. */
    String describe(LockState l) {
        StringBuilder s = new StringBuilder(core.names().describe(l.address));
        if (l.owner != null) {
            s.append(" held by ").append(l.owner.name);
            Location taken = l.takenAt >= 0 ? symbols.locations().get(l.takenAt) : null;
            if (taken != null && taken.line() >= 0) {
                s.append(" (taken at ").append(taken.fileAndLine()).append(')');
            }
        }
        if (!l.readers.isEmpty()) {
            s.append(" read-held by ").append(l.readers.keySet().stream().map(t -> t.name).collect(Collectors.joining(", ")));
        }
        return s.toString();
    }

    // ------------------------------------------------------------------ java.util.concurrent.locks

    /**
     * The ReentrantLock (one the run's model has seen) whose synchronizer made {@code condition}, an
     * {@code AbstractQueuedSynchronizer.ConditionObject} (an inner class: its enclosing instance is the lock's {@code sync}),
     * or null. Reflection on the JDK's own fields, which an instrumented JDK opens to Weft.
     */
    Object lockOfJdkCondition(Object condition) {
        Object sync = JdkApi.conditionOwner(condition);
        if (sync == null) {
            return null; // not the JDK's condition, or its package is not open to Weft: unsupported, as before
        }
        try {
            Field syncField = ReentrantLock.class.getDeclaredField("sync");
            syncField.setAccessible(true);
            for (Object lockObject : lockViews.keySet()) {
                if (lockObject instanceof ReentrantLock && syncField.get(lockObject) == sync) {
                    return lockObject;
                }
            }
            return null;
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null;
        }
    }

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

    /**
     * Acquires {@code view} for {@code me}: outermost acquisitions are scheduling points and LOCK
     * events. An interruptible one that finds the thread interrupted when it is stepped ends
     * ({@link InterruptedSignal}).
     */
    private void acquire(RunThread me, View view, int loc, boolean interruptibly) throws RunAbort {
        LockState l = view.lock();
        if (l.heldBy(me, view.shared()) > 0) {
            reenter(me, view);
            return;
        }
        if (!interruptibly) {
            core.schedulingPoint(me, EventKind.LOCK, l.address, loc, () -> l.available(me, view.shared()),
                    () -> "waits for " + (view.shared() ? "read lock " : "") + describe(l));
            take(me, view, loc, 0);
            return;
        }
        int flags = Event.INTERRUPTIBLE;
        Outcome outcome = core.blockingPoint(me, new PendingOperation(EventKind.LOCK, l.address, loc, flags),
                () -> me.interrupted ? Outcomes.INTERRUPTED : Outcomes.when(l.available(me, view.shared()), Outcomes.NORMAL),
                () -> "waits for " + (view.shared() ? "read lock " : "") + describe(l));
        if (outcome == Outcome.INTERRUPTED) {
            threads.endedByInterrupt(me, EventKind.LOCK, l.address, flags, loc);
            throw new InterruptedSignal();
        }
        take(me, view, loc, flags);
    }

    private void take(RunThread me, View view, int loc, int flags) {
        core.drain(me);
        hold(me, view);
        if (!view.shared()) {
            view.lock().takenAt = loc;
        }
        core.record(me, EventKind.LOCK, loc, view.lock().address, 0, 0, (char) 0, flags | (view.shared() ? Event.SHARED : 0));
    }

    /** A re-entrant acquisition: no event shows it, so the busy-wait rule must hear of it (a changed hold count is state). */
    private static void reenter(RunThread me, View view) {
        me.loops.unrecordedChange();
        hold(me, view);
    }

    private static void hold(RunThread me, View view) {
        LockState l = view.lock();
        l.acquisitions++;
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

    /**
     * tryLock: takes the lock when it is free at the moment it is stepped, else fails (TIMED_OUT, a
     * YIELD addressing the lock). A timed one waits instead: it may also time out when the lock is
     * free by then, if another thread held it at some point since the call began (it may have given
     * up meanwhile), and an interrupt ends it.
     */
    private boolean tryAcquire(RunThread me, View view, int loc, boolean timed, long nanos) {
        LockState l = view.lock();
        if (l.heldBy(me, view.shared()) > 0) {
            reenter(me, view);
            return true;
        }
        int flags = Event.ATTEMPT | (timed ? Event.TIMED | Event.INTERRUPTIBLE : 0);
        boolean heldAtCall = !l.available(me, view.shared());
        long acquisitionsAtCall = l.acquisitions;
        Outcome outcome = core.blockingPoint(me, new PendingOperation(EventKind.LOCK, l.address, loc, flags), () -> {
            boolean free = l.available(me, view.shared());
            if (timed && me.interrupted) {
                return Outcomes.INTERRUPTED;
            }
            boolean heldMeanwhile = heldAtCall || l.acquisitions != acquisitionsAtCall;
            return Outcomes.when(free, Outcomes.NORMAL) | Outcomes.when(!free || timed && heldMeanwhile, Outcomes.TIMED_OUT);
        }, () -> "tries to take " + describe(l));
        switch (outcome) {
            case NORMAL -> {
                take(me, view, loc, flags);
                return true;
            }
            case INTERRUPTED -> {
                threads.endedByInterrupt(me, EventKind.LOCK, l.address, flags, loc);
                throw new InterruptedSignal();
            }
            default -> {
                me.clockNanos += Math.max(0, nanos);
                core.record(me, EventKind.YIELD, loc, l.address, EventKind.LOCK.ordinal(), 0, (char) 0, flags | Event.flagsOf(Outcome.TIMED_OUT));
                return false;
            }
        }
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
    static Class<?> jdkClassOf(Object lockObject) {
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
}
