package dev.weft.runtime;

import dev.weft.runtime.LockState.View;
import dev.weft.runtime.LockState.Waiter;
import dev.weft.runtime.RunThread.PendingAtomic;
import dev.weft.runtime.RunThread.PendingRead;
import dev.weft.runtime.hooks.HookHandler;
import dev.weft.runtime.hooks.Hooks;
import dev.weft.trace.Address;
import dev.weft.trace.Choice;
import dev.weft.trace.Event;
import dev.weft.trace.EventKind;
import dev.weft.trace.FenceKind;
import dev.weft.trace.FieldInfo;
import dev.weft.trace.Location;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.RunResult;
import dev.weft.trace.RunResult.Status;
import dev.weft.trace.Symbols;
import dev.weft.trace.ThreadPaths;
import dev.weft.trace.Values;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Date;
import java.util.HashMap;
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
import java.util.function.BinaryOperator;
import java.util.function.BooleanSupplier;
import java.util.function.IntBinaryOperator;
import java.util.function.IntUnaryOperator;
import java.util.function.LongBinaryOperator;
import java.util.function.LongUnaryOperator;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;

/**
 * The controlled scheduler of one run: the {@link HookHandler} the program's hooks call.
 *
 * <p>Exactly one program thread runs at a time. At each scheduling point the arriving thread
 * records what it is about to do, and (holding the run's lock) asks the {@link SchedulePolicy}
 * which enabled choice comes next; the chosen thread is signalled and performs its operation, then
 * runs on to its next scheduling point. A newly started thread runs, inside its parent's FORK step,
 * up to its own first scheduling point, so every live thread always has a known next operation.
 * Under TSO/PSO plain writes also go to the thread's {@link StoreBuffer}; each write that may become
 * visible is a choice of its own, and synchronizing operations drain the buffer first. The store
 * itself happens at once; {@link VisibleValues} sets memory to each thread's view when it gets the turn.
 */
final class ControlledHooks implements HookHandler {
    private static final long BASE_MILLIS = 1_700_000_000_000L;
    /** Every clock read advances the reading thread's logical clock by this much, so timing loops end. */
    private static final long CLOCK_TICK_NANOS = 1_000_000;
    private static final BooleanSupplier ALWAYS = () -> true;
    private static final int ABORTS_BEFORE_PARKING = 100;
    private static final Thread.UncaughtExceptionHandler SILENT = (thread, failure) -> {
        // The runtime reported the failure already (or it is the RunAbort that ends a finished run).
    };

    private enum Wake { NOTIFIED, TIMED_OUT, INTERRUPTED }

    private record ConditionQueue(LockState lock, List<Waiter> waiters) {
    }

    private final Symbols symbols;
    private final RunConfig config;
    private final MemoryModel model;
    private final SchedulePolicy policy;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition runOver = lock.newCondition();
    private final List<RunThread> threads = new ArrayList<>();
    private final Map<Thread, RunThread> byJvmThread = new IdentityHashMap<>();
    private final Map<Integer, RunThread> byId = new HashMap<>();
    /** Stands for threads that call before the run starts: nothing is controlled or recorded. */
    private final RunThread outside;
    private final Recording recording;
    private final BugReports bugs;
    private final VisibleValues visibleValues = new VisibleValues();
    private final Map<Integer, Field> fields = new HashMap<>();
    /** The class loader of this run's program classes, learnt from the first static field the run touches. */
    private ClassLoader programLoader;
    private final Map<Object, LockState> monitors = new IdentityHashMap<>();
    private final Map<Object, View> lockViews = new IdentityHashMap<>();
    private final Map<Object, ConditionQueue> conditions = new IdentityHashMap<>();
    private volatile RunThread running;
    private int lastThread = -1;
    private boolean started;
    private volatile RunEnd end;
    /** Counts scheduling steps and policy decisions, so that the watchdog in {@link #execute} sees progress without reading the clock at every step. */
    private long progress;
    /** True while the policy decides: a slow strategy is not a stuck program thread. */
    private boolean choosing;
    private final List<RunThread> live = new ArrayList<>();
    private final List<Choice> enabled = new ArrayList<>();
    private final Point point = new Point();

    ControlledHooks(Symbols symbols, RunConfig config, SchedulePolicy policy) {
        this.symbols = symbols;
        this.config = config;
        this.model = config.memoryModel();
        this.policy = policy;
        this.recording = new Recording(symbols);
        this.bugs = new BugReports(symbols, config);
        this.outside = new RunThread(-1, "(outside the run)", null, true, lock.newCondition());
        outside.classInitDepth = 1;
    }

    // ------------------------------------------------------------------ the run

    /** Runs {@code copy}'s main in a fresh thread under this scheduler and returns when every program thread has stopped. */
    RunResult execute(ProgramUnderTest.Copy copy) {
        Thread mainThread = new Thread(() -> runMain(copy), ThreadPaths.MAIN);
        mainThread.setUncaughtExceptionHandler(SILENT);
        boolean interrupted = false;
        lock.lock();
        try {
            RunThread main = register(ThreadPaths.MAIN, mainThread, null);
            started = true;
            running = main;
            mainThread.start();
            long timeout = config.stuckTimeout().toNanos();
            long seenProgress = progress;
            long seenAt = System.nanoTime();
            while (end == null) {
                long now = System.nanoTime();
                if (choosing || progress != seenProgress) {
                    seenProgress = progress;
                    seenAt = now;
                } else if (now - seenAt >= timeout) {
                    finish(bugs.stuck(running));
                    break;
                }
                try {
                    // Progress is sampled, so a stuck thread is reported between one and 1 1/8 timeouts after its last step.
                    runOver.awaitNanos(Math.min(timeout - (now - seenAt), Math.max(1, timeout / 8)));
                } catch (InterruptedException e) {
                    interrupted = true;
                    finish(new RunEnd(null, null, "run interrupted", e));
                }
            }
        } finally {
            lock.unlock();
        }
        List<String> leaked = stopThreads();
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
        if (end.internal() != null) {
            throw new IllegalStateException("Weft run failed: " + end.detail(), end.internal());
        }
        lock.lock();
        try {
            // The final state is what every thread sees once the run is over: writes still buffered are not part of it.
            visibleValues.stopped(running);
            visibleValues.show(null);
        } finally {
            lock.unlock();
        }
        Map<String, String> finalState = copy.staticState();
        lock.lock();
        try {
            String detail = end.detail();
            if (!leaked.isEmpty()) {
                detail = (detail == null ? "" : detail + "; ") + "threads that could not be stopped: " + String.join(", ", leaked);
            }
            return recording.result(end.status(), end.bug(), detail, finalState);
        } finally {
            lock.unlock();
        }
    }

    private void runMain(ProgramUnderTest.Copy copy) {
        Hooks.bindCurrentThread(this);
        boolean began = false;
        Throwable failure = null;
        try {
            began = threadBodyEnter();
            copy.runMain();
        } catch (Throwable t) {
            failure = t;
        }
        threadBodyExit(began, failure);
    }

    /** Waits for every program thread to die once the run is over; forces the ones that do not. */
    @SuppressWarnings({"deprecation", "removal"})
    private List<String> stopThreads() {
        List<RunThread> all;
        lock.lock();
        try {
            all = new ArrayList<>(threads);
        } finally {
            lock.unlock();
        }
        long deadline = System.nanoTime() + config.stuckTimeout().toNanos();
        List<String> leaked = new ArrayList<>();
        for (RunThread t : all) {
            awaitDeath(t, deadline);
            if (t.jvm.isAlive() && !t.parkedForGood) {
                // Blocked in code Weft does not control, or an endless local loop: no hook will ever run again there.
                wake(t);
                awaitDeath(t, System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(200));
            }
            if (t.jvm.isAlive() && !t.parkedForGood) {
                try {
                    t.jvm.stop();
                } catch (UnsupportedOperationException e) {
                    // Newer JDKs cannot stop threads; reported below.
                }
                awaitDeath(t, System.nanoTime() + TimeUnit.SECONDS.toNanos(1));
            }
            if (t.parkedForGood) {
                leaked.add(t.name + " (parked for good: it kept running after the end of its run)");
            } else if (t.jvm.isAlive()) {
                leaked.add(t.name);
            }
        }
        return leaked;
    }

    private static void awaitDeath(RunThread t, long deadlineNanos) {
        boolean interrupted = false;
        while (t.jvm.isAlive() && !t.parkedForGood && System.nanoTime() < deadlineNanos) {
            try {
                t.jvm.join(10);
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    private RunThread register(String name, Thread jvm, RunThread parent) {
        RunThread t = new RunThread(symbols.threads().id(name), name, jvm, jvm.isDaemon(), lock.newCondition());
        if (parent != null) {
            t.clockNanos = parent.clockNanos;
        }
        threads.add(t);
        byJvmThread.put(jvm, t);
        byId.put(t.id, t);
        return t;
    }

    private void finish(RunEnd how) {
        if (end != null) {
            return;
        }
        end = how;
        runOver.signalAll();
        for (RunThread t : threads) {
            t.turn.signalAll();
            if (t.jvmMonitor != null) {
                wake(t);
            }
        }
    }

    // ------------------------------------------------------------------ scheduling

    /** Takes the run lock and identifies the calling thread; the caller must unlock. */
    private RunThread enter() {
        lock.lock();
        try {
            RunThread me = byJvmThread.get(Thread.currentThread());
            if (end != null) {
                throw afterEnd(me);
            }
            if (me == null) {
                if (!started) {
                    return outside;
                }
                silence(Thread.currentThread());
                finish(RunEnd.of(Status.UNSUPPORTED, "instrumented code ran in thread \"" + Thread.currentThread().getName()
                        + "\", which the program did not start with Thread.start (thread pools and other JDK-made threads are not supported)"));
                throw new RunAbort();
            }
            if (!me.begun) {
                begin(me);
            } else if (running != me) {
                awaitForkedChild(me);
            }
            return me;
        } catch (RuntimeException | Error e) {
            lock.unlock();
            throw e;
        }
    }

    /**
     * A thread that keeps calling hooks after its run ended has caught RunAbort and carried on.
     * After {@link #ABORTS_BEFORE_PARKING} such calls it is parked for good, outside the run's lock, so
     * that it can neither spin nor touch anything again (a JDK 17 Thread.stop could be caught as well).
     */
    private RunAbort afterEnd(RunThread me) {
        if (me != null && ++me.abortsAfterEnd > ABORTS_BEFORE_PARKING) {
            me.parkedForGood = true;
            lock.unlock();
            while (true) {
                java.util.concurrent.locks.LockSupport.park(this);
            }
        }
        return new RunAbort();
    }

    private static void silence(Thread thread) {
        if (thread.getUncaughtExceptionHandler() == thread.getThreadGroup()) {
            thread.setUncaughtExceptionHandler(SILENT);
        }
    }

    private void checkEnd() {
        if (end != null) {
            throw new RunAbort();
        }
    }

    private static boolean controlled(RunThread me) {
        return me.classInitDepth == 0;
    }

    private void begin(RunThread me) {
        while (running != me) {
            checkEnd();
            me.turn.awaitUninterruptibly();
        }
        checkEnd();
        me.begun = true;
        record(me, EventKind.BEGIN, -1, null, 0, 0, (char) 0, 0);
    }

    /**
     * A scheduling point: {@code me} stops before {@code op}, which it can perform once
     * {@code enabled} holds, and returns when it has been chosen to perform it.
     */
    private void schedulingPoint(RunThread me, EventKind kind, Address address, int loc, BooleanSupplier enabled,
                                 Supplier<String> waitsFor) {
        me.pending = new PendingOperation(kind, address, loc);
        me.enabled = enabled;
        me.waitsFor = waitsFor;
        stop(me);
        while (running != me) {
            checkEnd();
            if (me.jvmMonitor != null) {
                awaitInMonitor(me);
            } else {
                me.turn.awaitUninterruptibly();
            }
        }
        checkEnd();
        me.pending = null;
        me.enabled = null;
        me.waitsFor = null;
    }

    /**
     * Waits for the turn inside {@code Object.wait} of the JVM monitor the waiting thread holds (the
     * instrumented code keeps the real monitor instructions), so that the thread the model lets take
     * the monitor meanwhile does not block in the JVM. The dispatcher wakes it with a real interrupt,
     * which needs no monitor: nobody may block on a program monitor while holding the run's lock.
     */
    private void awaitInMonitor(RunThread me) {
        Object monitor = me.jvmMonitor;
        lock.unlock();
        try {
            synchronized (monitor) {
                if (running != me && end == null) {
                    monitor.wait();
                }
            }
        } catch (InterruptedException e) {
            // The wake-up call (or teardown); the loop re-checks whose turn it is.
        } finally {
            lock.lock();
        }
    }

    private void schedulingPoint(RunThread me, EventKind kind, Address address, int loc) {
        schedulingPoint(me, kind, address, loc, ALWAYS, null);
    }

    /** {@code me} stopped (at a scheduling point, or for good): let the next thread run. */
    private void stop(RunThread me) {
        progress++;
        visibleValues.stopped(me);
        if (me.handBackTo != null) {
            RunThread parent = me.handBackTo;
            me.handBackTo = null;
            giveTurn(parent);
        } else {
            dispatch();
        }
    }

    /** Wakes a thread from Object.wait with a real interrupt (the JDK's own, never a program override). */
    private static void wake(RunThread t) {
        JdkMethods.call(t.jvm, Thread.class, "interrupt", MethodType.methodType(void.class));
    }

    private void giveTurn(RunThread next) {
        visibleValues.show(next);
        running = next;
        progress++;
        next.turn.signal();
        if (next.jvmMonitor != null) {
            wake(next);
        }
    }

    private boolean isEnabled(RunThread t) {
        return !t.ended && !(t.spin.blocks(t.pending) && !holdsAnyLock(t)) && t.enabled != null && t.enabled.getAsBoolean();
    }

    /** A spinner is held back only where it holds no lock, so that blocking it never blocks the threads it waits for. */
    private boolean holdsAnyLock(RunThread t) {
        if (monitors.isEmpty() && lockViews.isEmpty()) {
            return false; // the common case at every step, without making iterators
        }
        for (LockState l : monitors.values()) {
            if (l.owner == t) {
                return true;
            }
        }
        for (View v : lockViews.values()) {
            if (v.lock().heldBy(t, v.shared()) > 0) {
                return true;
            }
        }
        return false;
    }

    /**
     * Asks the policy for choices until one hands the turn to a thread (flushes are performed right here).
     * The lists of live threads and enabled choices and the point the policy sees are made once per run
     * and refilled here (a policy may use a point only during its choose call); indexed loops make no
     * iterator at each step.
     */
    private void dispatch() {
        while (end == null) {
            live.clear();
            for (int i = 0; i < threads.size(); i++) {
                RunThread t = threads.get(i);
                if (!t.ended) {
                    live.add(t);
                }
            }
            if (!keepsRunGoing(live)) {
                finish(RunEnd.of(Status.COMPLETED, null));
                return;
            }
            enabled.clear();
            for (int i = 0; i < live.size(); i++) {
                RunThread t = live.get(i);
                if (isEnabled(t)) {
                    enabled.add(t.step);
                }
            }
            if (model != MemoryModel.SC) {
                for (RunThread t : live) {
                    for (Address a : t.buffer.flushable(model)) {
                        enabled.add(Choice.flush(t.id, a));
                    }
                }
            }
            if (enabled.isEmpty()) {
                if (exemptSpinners(live)) {
                    continue;
                }
                finish(bugs.deadlock(live));
                return;
            }
            if (recording.steps() >= config.stepBound()) {
                finish(bugs.stepBoundExceeded(live, byId.get(lastThread)));
                return;
            }
            Choice choice;
            choosing = true;
            try {
                choice = policy.choose(point);
            } catch (RuntimeException | Error e) {
                finish(new RunEnd(null, null, "schedule policy failed: " + e, e));
                return;
            } finally {
                choosing = false;
                progress++;
            }
            if (choice == null || !enabled.contains(choice)) {
                finish(RunEnd.of(Status.DIVERGED, "choice " + recording.steps() + " (" + describe(choice)
                        + ") is not enabled; enabled were " + enabled.stream().map(this::describe).collect(Collectors.joining(", "))));
                return;
            }
            recording.chose(choice);
            RunThread chosen = byId.get(choice.thread());
            if (choice.isFlush()) {
                flush(chosen, chosen.buffer.take(model, choice.flush()), Event.CHOSEN);
                continue;
            }
            lastThread = chosen.id;
            if (!holdsAnyLock(chosen)) {
                chosen.spin.steppedHoldingNoLock();
            }
            chosen.stepped = true;
            giveTurn(chosen);
            return;
        }
    }

    /** Whether a live thread other than a daemon or an idle pool worker remains. */
    private boolean keepsRunGoing(List<RunThread> live) {
        for (int i = 0; i < live.size(); i++) {
            RunThread t = live.get(i);
            if (!t.daemon && !isIdleWorker(t)) {
                return true;
            }
        }
        return false;
    }

    /** A pool worker blocked waiting for work (see {@link #awaitingWork}): it cannot keep the run going by itself. */
    private boolean isIdleWorker(RunThread t) {
        return t.awaitingWork && !isEnabled(t);
    }

    private boolean exemptSpinners(List<RunThread> live) {
        boolean any = false;
        for (RunThread t : live) {
            if (t.spin.blocks(t.pending)) {
                t.spin.makeExempt();
                any = true;
            }
        }
        return any;
    }

    private String describe(Choice choice) {
        if (choice == null) {
            return "none";
        }
        String thread = symbols.threads().name(choice.thread());
        return choice.isFlush() ? "flush " + thread + " " + symbols.describe(choice.flush()) : thread;
    }

    /** What a policy sees at the scheduling point {@link #dispatch} is at. */
    private final class Point implements SchedulingPoint {
        private final List<Choice> enabledView = Collections.unmodifiableList(enabled);

        @Override
        public List<ThreadView> threads() {
            List<ThreadView> views = new ArrayList<>(live.size());
            for (RunThread t : live) {
                views.add(new ThreadView(t.id, isEnabled(t), t.pending));
            }
            return views;
        }

        @Override
        public List<Choice> enabled() {
            return enabledView;
        }

        @Override
        public PendingOperation pending(int thread) {
            RunThread t = byId.get(thread);
            return t != null && !t.ended ? t.pending : null;
        }

        @Override
        public int steps() {
            return recording.steps();
        }

        @Override
        public int lastThread() {
            return lastThread;
        }
    }

    // ------------------------------------------------------------------ events and store buffers

    private int record(RunThread me, EventKind kind, int loc, Address address, long value, long value2, char type, int flags) {
        if (!controlled(me)) {
            return -1;
        }
        Event e = recording.add(me, kind, loc, address, value, value2, type, flags);
        switch (kind) {
            case READ, VOLATILE_READ -> me.spin.read(loc, address);
            case ATOMIC_RMW -> {
                if (e.wrote()) {
                    me.spin.reset();
                } else {
                    me.spin.read(loc, address);
                }
            }
            case YIELD, LOCK, UNLOCK -> {
                // Spin loops often yield or re-check under a lock; neither changes what the loop reads.
            }
            default -> me.spin.reset();
        }
        if (e.wrote() && !e.has(Event.BUFFERED)) {
            madeVisible(address);
        }
        return e.index();
    }

    private void madeVisible(Address address) {
        for (int i = 0; i < threads.size(); i++) {
            RunThread t = threads.get(i);
            t.spin.written(address);
        }
    }

    /** Publishes one buffered write. */
    private void flush(RunThread owner, StoreBuffer.Entry write, int flags) {
        visibleValues.flushed(write.address(), write.raw());
        recording.addFlush(owner, write, flags);
        madeVisible(write.address());
    }

    private void drain(RunThread me) {
        while (!me.buffer.isEmpty()) {
            flush(me, me.buffer.takeOldest(), 0);
        }
    }

    // ------------------------------------------------------------------ memory

    @Override
    public void beforeGetField(Object target, int field, int loc) {
        RunThread me = enter();
        try {
            me.read = null;
            if (target != null && controlled(me)) {
                FieldInfo f = symbols.fields().get(field);
                beginRead(me, Address.instanceField(recording.objects().id(target, me), field), f.isVolatile(), f.valueType(), loc);
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void beforeGetStatic(int field, int loc) {
        RunThread me = enter();
        try {
            me.read = null;
            if (controlled(me)) {
                FieldInfo f = symbols.fields().get(field);
                beginRead(me, Address.staticField(field), f.isVolatile(), f.valueType(), loc);
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void beforeArrayLoad(Object array, int index, int loc) {
        RunThread me = enter();
        try {
            me.read = null;
            if (array != null && index >= 0 && index < java.lang.reflect.Array.getLength(array) && controlled(me)) {
                beginRead(me, Address.arrayElement(recording.objects().id(array, me), index), false, elementType(array), loc);
            }
        } finally {
            lock.unlock();
        }
    }

    private void beginRead(RunThread me, Address address, boolean isVolatile, char type, int loc) {
        EventKind kind = isVolatile ? EventKind.VOLATILE_READ : EventKind.READ;
        schedulingPoint(me, kind, address, loc);
        if (isVolatile) {
            drain(me);
        }
        me.read = new PendingRead(address, kind, type, loc);
    }

    /**
     * Completes {@code me}'s pending read: {@code fromMemory} is what the native load returned,
     * encoded. Returns the thread's own newest buffered write to the address, which wins over it
     * (store forwarding), or null.
     */
    private StoreBuffer.Entry loaded(RunThread me, PendingRead read, long fromMemory) {
        me.read = null;
        StoreBuffer.Entry forwarded = me.buffer.newest(read.address());
        recording.initialValue(read.address(), fromMemory);
        record(me, read.kind(), read.location(), read.address(), forwarded != null ? forwarded.value() : fromMemory, 0,
                read.type(), 0);
        return forwarded;
    }

    /**
     * A primitive load's {@code afterLoad}: completes the pending read, if any, of {@code fromMemory}
     * (the loaded value encoded as {@link ObjectRegistry#encode} would its box, without boxing it at
     * every read) and returns the thread's own buffered value that replaces it, or null.
     */
    private Object forwardedLoad(long fromMemory) {
        RunThread me = enter();
        try {
            StoreBuffer.Entry forwarded = me.read == null ? null : loaded(me, me.read, fromMemory);
            return forwarded != null ? forwarded.raw() : null;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public int afterLoad(int value) {
        Object own = forwardedLoad(value);
        return own != null ? (Integer) own : value;
    }

    @Override
    public long afterLoad(long value) {
        Object own = forwardedLoad(value);
        return own != null ? (Long) own : value;
    }

    @Override
    public float afterLoad(float value) {
        Object own = forwardedLoad(Values.ofFloat(value));
        return own != null ? (Float) own : value;
    }

    @Override
    public double afterLoad(double value) {
        Object own = forwardedLoad(Values.ofDouble(value));
        return own != null ? (Double) own : value;
    }

    @Override
    public Object afterLoad(Object value) {
        RunThread me = enter();
        try {
            PendingRead read = me.read;
            StoreBuffer.Entry forwarded = read == null ? null : loaded(me, read, recording.objects().encode(value, read.type(), me));
            return forwarded != null ? forwarded.raw() : value;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void putField(Object target, int value, int field, int loc) {
        putInstance(target, value, field, loc);
    }

    @Override
    public void putField(Object target, long value, int field, int loc) {
        putInstance(target, value, field, loc);
    }

    @Override
    public void putField(Object target, float value, int field, int loc) {
        putInstance(target, value, field, loc);
    }

    @Override
    public void putField(Object target, double value, int field, int loc) {
        putInstance(target, value, field, loc);
    }

    @Override
    public void putField(Object target, Object value, int field, int loc) {
        putInstance(target, value, field, loc);
    }

    @Override
    public void putStatic(int value, int field, int loc) {
        putStaticField(value, field, loc);
    }

    @Override
    public void putStatic(long value, int field, int loc) {
        putStaticField(value, field, loc);
    }

    @Override
    public void putStatic(float value, int field, int loc) {
        putStaticField(value, field, loc);
    }

    @Override
    public void putStatic(double value, int field, int loc) {
        putStaticField(value, field, loc);
    }

    @Override
    public void putStatic(Object value, int field, int loc) {
        putStaticField(value, field, loc);
    }

    @Override
    public void arrayStore(Object array, int index, int value, int loc) {
        putElement(array, index, value, loc);
    }

    @Override
    public void arrayStore(Object array, int index, long value, int loc) {
        putElement(array, index, value, loc);
    }

    @Override
    public void arrayStore(Object array, int index, float value, int loc) {
        putElement(array, index, value, loc);
    }

    @Override
    public void arrayStore(Object array, int index, double value, int loc) {
        putElement(array, index, value, loc);
    }

    @Override
    public void arrayStore(Object array, int index, Object value, int loc) {
        putElement(array, index, value, loc);
    }

    private void putInstance(Object target, Object raw, int field, int loc) {
        RunThread me = enter();
        try {
            if (target == null || !controlled(me)) {
                return;
            }
            FieldInfo f = symbols.fields().get(field);
            write(me, Address.instanceField(recording.objects().id(target, me), field), f.isVolatile(), f.valueType(), raw, loc,
                    () -> MemoryCell.field(instanceField(target, f), target));
        } finally {
            lock.unlock();
        }
    }

    private void putStaticField(Object raw, int field, int loc) {
        RunThread me = enter();
        try {
            if (!controlled(me)) {
                return;
            }
            FieldInfo f = symbols.fields().get(field);
            write(me, Address.staticField(field), f.isVolatile(), f.valueType(), raw, loc,
                    () -> MemoryCell.field(staticField(f), null));
        } finally {
            lock.unlock();
        }
    }

    private void putElement(Object array, int index, Object raw, int loc) {
        RunThread me = enter();
        try {
            if (array == null || index < 0 || index >= java.lang.reflect.Array.getLength(array) || !controlled(me)) {
                return;
            }
            Class<?> component = array.getClass().getComponentType();
            if (!component.isPrimitive() && raw != null && !component.isInstance(raw)) {
                return; // the native store throws ArrayStoreException
            }
            write(me, Address.arrayElement(recording.objects().id(array, me), index), false, elementType(array), raw, loc,
                    () -> MemoryCell.element(array, index));
        } finally {
            lock.unlock();
        }
    }

    /**
     * A write, which the caller then performs even when it is buffered (TSO/PSO): the writing
     * thread's own reads, instrumented or not, then see it, and {@link VisibleValues} hides it from the
     * other threads until its flush.
     */
    private void write(RunThread me, Address address, boolean isVolatile, char type, Object raw, int loc,
                          Supplier<MemoryCell> cell) {
        EventKind kind = isVolatile ? EventKind.VOLATILE_WRITE : EventKind.WRITE;
        schedulingPoint(me, kind, address, loc);
        MemoryCell resolved = null;
        if (!recording.hasInitialValue(address)) {
            resolved = cell.get();
            recording.initialValue(address, recording.objects().encode(resolved.get(), type, me));
        }
        long value = recording.objects().encode(raw, type, me);
        if (isVolatile) {
            drain(me);
        } else if (model != MemoryModel.SC) {
            MemoryCell target = resolved != null ? resolved : cell.get();
            if (target.settable()) {
                int index = record(me, EventKind.WRITE, loc, address, value, 0, type, Event.BUFFERED);
                me.everBuffered = true;
                me.buffer.add(address, value, raw, type, index);
                visibleValues.buffering(address, target);
                return;
            }
            drain(me); // written at once, so everything this thread wrote before must be visible first
        }
        record(me, kind, loc, address, value, 0, type, 0);
    }

    /** The descriptor letter of an array's elements, told by type tests: {@code Class.descriptorString} makes a new string at every access. */
    private static char elementType(Object array) {
        return array instanceof int[] ? 'I'
                : array instanceof long[] ? 'J'
                : array instanceof byte[] ? 'B'
                : array instanceof char[] ? 'C'
                : array instanceof short[] ? 'S'
                : array instanceof boolean[] ? 'Z'
                : array instanceof float[] ? 'F'
                : array instanceof double[] ? 'D'
                : 'L';
    }

    private Field instanceField(Object target, FieldInfo f) {
        return fields.computeIfAbsent(f.id(), id -> {
            String owner = f.owner().replace('/', '.');
            for (Class<?> c = target.getClass(); c != null; c = c.getSuperclass()) {
                if (c.getName().equals(owner)) {
                    return accessible(c, f.name());
                }
            }
            throw new IllegalStateException("field " + f.displayName() + " not found in " + target.getClass().getName());
        });
    }

    private Field staticField(FieldInfo f) {
        return fields.computeIfAbsent(f.id(), id -> {
            String owner = f.owner().replace('/', '.');
            try {
                if (programLoader == null) {
                    programLoader = programLoader();
                }
                return accessible(Class.forName(owner, false, programLoader), f.name());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException("class of static field " + f.displayName() + " not found", e);
            }
        });
    }

    /** The loader of the program code that called the hooks (the caller of {@link Hooks}). */
    private static ClassLoader programLoader() {
        String hooks = Hooks.class.getName();
        ClassLoader caller = StackWalker.getInstance(StackWalker.Option.RETAIN_CLASS_REFERENCE).walk(frames -> frames
                .dropWhile(f -> !f.getClassName().equals(hooks))
                .dropWhile(f -> f.getClassName().equals(hooks))
                .findFirst()
                .map(f -> f.getDeclaringClass().getClassLoader())
                .orElse(null));
        return caller != null ? caller : Thread.currentThread().getContextClassLoader();
    }

    private static Field accessible(Class<?> owner, String name) {
        try {
            Field field = owner.getDeclaredField(name);
            field.setAccessible(true);
            return field;
        } catch (NoSuchFieldException e) {
            throw new IllegalStateException("no field " + name + " in " + owner.getName(), e);
        }
    }

    // ------------------------------------------------------------------ identity and determinism

    @Override
    public void allocated(Object object) {
        RunThread me = enter();
        try {
            if (me != outside) {
                recording.objects().allocated(object, me);
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void classInitEnter() {
        RunThread me = enter();
        try {
            me.classInitDepth++;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void classInitExit() {
        RunThread me = enter();
        try {
            if (me.classInitDepth > (me == outside ? 1 : 0)) {
                me.classInitDepth--;
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public int identityHashCode(Object object) {
        RunThread me = enter();
        try {
            return me == outside ? System.identityHashCode(object) : recording.objects().identityHash(object, me);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public int objectHashCode(Object object) {
        return identityHashCode(Objects.requireNonNull(object));
    }

    @Override
    public long currentTimeMillis() {
        return BASE_MILLIS + TimeUnit.NANOSECONDS.toMillis(tick());
    }

    @Override
    public long nanoTime() {
        return tick();
    }

    /** The calling thread's logical clock after one tick: time advances only with the thread's own actions. */
    private long tick() {
        RunThread me = enter();
        try {
            me.clockNanos += CLOCK_TICK_NANOS;
            return me.clockNanos;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public double mathRandom() {
        RunThread me = enter();
        try {
            return me.random().nextDouble();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public long randomSeed() {
        RunThread me = enter();
        try {
            long z = (me.name.hashCode() * 0x9E3779B97F4A7C15L) ^ (++me.randomSeeds * 0xBF58476D1CE4E5B9L);
            return z ^ (z >>> 31);
        } finally {
            lock.unlock();
        }
    }

    // ------------------------------------------------------------------ monitors, wait/notify

    private LockState monitor(Object monitor, RunThread me) {
        Objects.requireNonNull(monitor);
        return monitors.computeIfAbsent(monitor, m -> new LockState(Address.lock(recording.objects().id(m, me))));
    }

    @Override
    public void monitorEnter(Object monitor, int loc) {
        RunThread me = enter();
        try {
            LockState l = monitor(monitor, me);
            if (controlled(me)) {
                acquire(me, new View(l, false), loc, false);
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void monitorExit(Object monitor, int loc) {
        RunThread me = enter();
        try {
            LockState l = monitor(monitor, me);
            if (controlled(me)) {
                release(me, new View(l, false), loc);
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void objectWait(Object monitor, long millis, int nanos, boolean timed, int loc) throws InterruptedException {
        RunThread me = enter();
        try {
            if (millis < 0 || nanos < 0 || nanos > 999_999) {
                throw new IllegalArgumentException("timeout value is negative or nanos out of range");
            }
            LockState l = monitor(monitor, me);
            if (!controlled(me)) {
                return; // a spurious wake-up, which Object.wait allows
            }
            if (l.owner != me) {
                throw new IllegalMonitorStateException("current thread is not owner");
            }
            Wake wake = waitFor(me, l, l.waiters, monitor, timed && (millis > 0 || nanos > 0), true, loc, "notify");
            if (wake == Wake.INTERRUPTED) {
                throw new InterruptedException();
            }
            if (wake == Wake.TIMED_OUT) {
                me.clockNanos += TimeUnit.MILLISECONDS.toNanos(millis) + nanos;
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void objectNotify(Object monitor, boolean all, int loc) {
        RunThread me = enter();
        try {
            LockState l = monitor(monitor, me);
            if (!controlled(me)) {
                return;
            }
            if (l.owner != me) {
                throw new IllegalMonitorStateException("current thread is not owner");
            }
            notify(me, l, l.waiters, all, loc);
        } finally {
            lock.unlock();
        }
    }

    /**
     * Object.wait / Condition.await: WAIT releases the lock completely, WAKE re-acquires it with the
     * same hold count. {@code jvmMonitor} is the monitor object for Object.wait (whose JVM monitor the
     * thread holds), null for a Condition.
     */
    private Wake waitFor(RunThread me, LockState l, List<Waiter> queue, Object jvmMonitor, boolean timed, boolean interruptible,
                         int loc, String what) {
        schedulingPoint(me, EventKind.WAIT, l.address, loc);
        if (interruptible && me.interrupted) {
            consumeInterrupt(me, loc);
            return Wake.INTERRUPTED;
        }
        drain(me);
        int holds = l.holds;
        l.owner = null;
        l.holds = 0;
        record(me, EventKind.WAIT, loc, l.address, 0, 0, (char) 0, 0);
        Waiter waiter = new Waiter(me);
        queue.add(waiter);
        me.jvmMonitor = jvmMonitor;
        try {
            schedulingPoint(me, EventKind.WAKE, l.address, loc,
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
        record(me, EventKind.WAKE, loc, l.address, 0, waiter.notifiedBy, (char) 0, 0);
        if (waiter.notifiedBy >= 0) {
            return Wake.NOTIFIED;
        }
        if (interruptible && me.interrupted) {
            consumeInterrupt(me, loc);
            return Wake.INTERRUPTED;
        }
        return Wake.TIMED_OUT;
    }

    /** notify wakes the longest waiter; notifyAll wakes every waiter. */
    private void notify(RunThread me, LockState l, List<Waiter> queue, boolean all, int loc) {
        schedulingPoint(me, EventKind.NOTIFY, l.address, loc);
        drain(me);
        int index = recording.nextIndex();
        int woken = -1;
        if (all) {
            queue.forEach(w -> w.notifiedBy = index);
            queue.clear();
        } else if (!queue.isEmpty()) {
            Waiter w = queue.remove(0);
            w.notifiedBy = index;
            woken = w.thread.id;
        }
        record(me, EventKind.NOTIFY, loc, l.address, 0, woken, (char) 0, 0);
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

    // ------------------------------------------------------------------ threads

    @Override
    public Runnable wrapThreadBody(Runnable body) {
        return () -> {
            boolean began = threadBodyEnter();
            Throwable failure = null;
            try {
                if (body != null) {
                    body.run();
                }
            } catch (Throwable t) {
                failure = t;
                throw t;
            } finally {
                threadBodyExit(began, failure);
            }
        };
    }

    @Override
    public boolean threadBodyEnter() {
        lock.lock();
        try {
            RunThread known = byJvmThread.get(Thread.currentThread());
            if (known != null && !known.begun && end == null) {
                begin(known);
                return true;
            }
        } finally {
            lock.unlock();
        }
        enter(); // a thread that began already runs the body inline; enter() reports unknown threads and ended runs
        lock.unlock();
        return false;
    }

    @Override
    public void threadBodyExit(boolean began, Throwable failure) {
        if (!began) {
            return;
        }
        lock.lock();
        try {
            RunThread me = byJvmThread.get(Thread.currentThread());
            if (me == null || end != null || me.ended || failure instanceof RunAbort) {
                return;
            }
            awaitForkedChild(me);
            if (failure == null && me.everBuffered) {
                // Other threads may still act before the end publishes what this thread buffered. A choice
                // for every thread that ever buffered a write, even with the buffer already flushed, so that
                // the choices a thread needs depend on its own events only, not on when other choices
                // flushed its writes (MCR's seeds count on it).
                schedulingPoint(me, EventKind.END, null, -1);
            }
            drain(me);
            record(me, EventKind.END, -1, null, 0, 0, (char) 0, 0);
            me.ended = true;
            if (failure != null) {
                finish(RunEnd.bug(bugs.failure(failure, me)));
                return;
            }
            stop(me);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void threadStart(Thread thread, int loc) {
        RunThread me = enter();
        try {
            if (!controlled(me)) {
                unsupportedLocked("Thread.start inside a static initialiser", loc);
            }
            if (byJvmThread.containsKey(thread)) {
                throw new IllegalThreadStateException();
            }
            schedulingPoint(me, EventKind.FORK, null, loc);
            drain(me);
            RunThread child = register(ThreadPaths.child(me.name, ++me.children), thread, me);
            record(me, EventKind.FORK, loc, threadAddress(child), 0, child.id, (char) 0, 0);
            child.handBackTo = me;
            silence(thread);
            visibleValues.stopped(me);
            // The caller starts the thread next (instrumented code keeps its Thread.start call); the child
            // runs up to its first scheduling point and hands the turn back, which the parent's next call awaits.
            giveTurn(child);
        } finally {
            lock.unlock();
        }
    }

    /**
     * The parent of a thread just forked calls the runtime again: it waits until the child has run to
     * its first scheduling point (or its end). A child whose body never calls the runtime began and
     * ended unseen; one that was never started is forgotten.
     */
    private void awaitForkedChild(RunThread me) {
        while (running != me) {
            checkEnd();
            RunThread child = running;
            if (child != null && child.handBackTo == me && !child.begun) {
                Thread.State state = child.jvmState();
                if (state == Thread.State.NEW) {
                    threads.remove(child);
                    byJvmThread.remove(child.jvm);
                    byId.remove(child.id);
                    me.children--;
                    running = me;
                    break;
                }
                if (state == Thread.State.TERMINATED) {
                    child.begun = true;
                    record(child, EventKind.BEGIN, -1, null, 0, 0, (char) 0, 0);
                    record(child, EventKind.END, -1, null, 0, 0, (char) 0, 0);
                    child.ended = true;
                    child.handBackTo = null;
                    running = me;
                    break;
                }
            }
            try {
                me.turn.await(1, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                // Only teardown interrupts program threads; checkEnd above ends the wait then.
            }
        }
    }

    private static Address threadAddress(RunThread t) {
        return new Address(Address.Kind.THREAD_STATE, 0, t.id);
    }

    private static Address permitAddress(RunThread t) {
        return new Address(Address.Kind.THREAD_STATE, 1, t.id);
    }

    @Override
    public void threadJoin(Thread thread, long millis, int nanos, boolean timed, int loc) throws InterruptedException {
        RunThread me = enter();
        try {
            if (millis < 0 || nanos < 0 || nanos > 999_999) {
                throw new IllegalArgumentException("timeout value is negative or nanos out of range");
            }
            RunThread target = byJvmThread.get(Objects.requireNonNull(thread));
            if (target == null) {
                return; // never started: not alive, join returns at once
            }
            if (!controlled(me)) {
                unsupportedLocked("Thread.join inside a static initialiser", loc);
            }
            boolean mayTimeOut = timed && (millis > 0 || nanos > 0);
            schedulingPoint(me, EventKind.JOIN, threadAddress(target), loc,
                    () -> target.ended || mayTimeOut || me.interrupted, () -> "waits to join " + target.name);
            if (target.ended) {
                drain(me);
                record(me, EventKind.JOIN, loc, threadAddress(target), 0, target.id, (char) 0, 0);
            } else if (me.interrupted) {
                consumeInterrupt(me, loc);
                throw new InterruptedException();
            } else {
                me.clockNanos += TimeUnit.MILLISECONDS.toNanos(millis) + nanos;
                record(me, EventKind.YIELD, loc, null, 0, 0, (char) 0, 0);
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void threadSleep(long millis, int nanos, int loc) throws InterruptedException {
        RunThread me = enter();
        try {
            if (millis < 0 || nanos < 0 || nanos > 999_999) {
                throw new IllegalArgumentException("timeout value is negative or nanos out of range");
            }
            if (!controlled(me)) {
                return;
            }
            schedulingPoint(me, EventKind.YIELD, null, loc);
            if (me.interrupted) {
                consumeInterrupt(me, loc);
                throw new InterruptedException("sleep interrupted");
            }
            me.clockNanos += TimeUnit.MILLISECONDS.toNanos(millis) + nanos;
            record(me, EventKind.YIELD, loc, null, 0, 0, (char) 0, 0);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void threadYield(int loc) {
        RunThread me = enter();
        try {
            if (controlled(me)) {
                schedulingPoint(me, EventKind.YIELD, null, loc);
                record(me, EventKind.YIELD, loc, null, 0, 0, (char) 0, 0);
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void threadInterrupt(Thread thread, int loc) {
        RunThread me = enter();
        try {
            RunThread target = byJvmThread.get(Objects.requireNonNull(thread));
            if (target == null || !controlled(me)) {
                return; // interrupting a thread that is not alive need not have any effect
            }
            schedulingPoint(me, EventKind.INTERRUPT, threadAddress(target), loc);
            drain(me);
            target.interrupted = true;
            record(me, EventKind.INTERRUPT, loc, threadAddress(target), 1, target.id, 'Z', 0);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public boolean threadIsInterrupted(Thread thread, int loc) {
        RunThread me = enter();
        try {
            RunThread target = byJvmThread.get(Objects.requireNonNull(thread));
            if (target == null || !controlled(me)) {
                return target != null && target.interrupted;
            }
            schedulingPoint(me, EventKind.VOLATILE_READ, threadAddress(target), loc);
            drain(me);
            record(me, EventKind.VOLATILE_READ, loc, threadAddress(target), target.interrupted ? 1 : 0, 0, 'Z', 0);
            return target.interrupted;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public boolean threadInterrupted(int loc) {
        RunThread me = enter();
        try {
            if (!controlled(me)) {
                boolean was = me.interrupted;
                me.interrupted = false;
                return was;
            }
            schedulingPoint(me, EventKind.ATOMIC_RMW, threadAddress(me), loc);
            drain(me);
            boolean was = me.interrupted;
            me.interrupted = false;
            record(me, EventKind.ATOMIC_RMW, loc, threadAddress(me), was ? 1 : 0, 0, 'Z', was ? Event.WROTE : 0);
            return was;
        } finally {
            lock.unlock();
        }
    }

    /** A blocking operation saw the interrupt flag: it clears it and throws InterruptedException. */
    private void consumeInterrupt(RunThread me, int loc) {
        drain(me);
        me.interrupted = false;
        record(me, EventKind.ATOMIC_RMW, loc, threadAddress(me), 1, 0, 'Z', Event.WROTE);
    }

    @Override
    public boolean threadIsAlive(Thread thread, int loc) {
        RunThread me = enter();
        try {
            RunThread target = byJvmThread.get(Objects.requireNonNull(thread));
            if (target == null || !controlled(me)) {
                return target != null && !target.ended;
            }
            schedulingPoint(me, EventKind.YIELD, threadAddress(target), loc);
            if (target.ended) {
                // Seeing a thread dead orders its whole run before this point, as join does.
                drain(me);
                record(me, EventKind.JOIN, loc, threadAddress(target), 0, target.id, (char) 0, 0);
                return false;
            }
            record(me, EventKind.YIELD, loc, null, 0, 0, (char) 0, 0);
            return true;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void exit(int status, int loc) {
        RunThread me = enter();
        try {
            if (controlled(me)) {
                schedulingPoint(me, EventKind.EXIT, null, loc);
            }
            drain(me);
            record(me, EventKind.EXIT, loc, null, status, 0, 'I', 0);
            if (status == 0) {
                finish(RunEnd.of(Status.COMPLETED, null));
            } else {
                finish(bugs.exit(status, me, loc));
            }
            throw new RunAbort();
        } finally {
            lock.unlock();
        }
    }

    // ------------------------------------------------------------------ java.util.concurrent.locks

    private View view(Object lockObject, RunThread me, int loc) {
        View view = lockViews.get(Objects.requireNonNull(lockObject));
        if (view != null) {
            return view;
        }
        if (lockObject instanceof ReentrantReadWriteLock.ReadLock || lockObject instanceof ReentrantReadWriteLock.WriteLock) {
            unsupportedLocked("a ReentrantReadWriteLock view obtained outside instrumented code", loc);
        }
        view = new View(new LockState(Address.lock(recording.objects().id(lockObject, me))), false);
        lockViews.put(lockObject, view);
        return view;
    }

    /** Acquires {@code view} for {@code me}: outermost acquisitions are scheduling points and LOCK events. */
    private void acquire(RunThread me, View view, int loc, boolean interruptibly) throws RunAbort {
        LockState l = view.lock();
        if (l.heldBy(me, view.shared()) > 0) {
            hold(me, view);
            return;
        }
        schedulingPoint(me, EventKind.LOCK, l.address, loc,
                () -> l.available(me, view.shared()) || (interruptibly && me.interrupted),
                () -> "waits for " + (view.shared() ? "read lock " : "") + describe(l));
        if (interruptibly && me.interrupted) {
            consumeInterrupt(me, loc);
            throw new InterruptedSignal();
        }
        take(me, view, loc);
    }

    private void take(RunThread me, View view, int loc) {
        drain(me);
        hold(me, view);
        record(me, EventKind.LOCK, loc, view.lock().address, 0, 0, (char) 0, view.shared() ? Event.SHARED : 0);
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
            throw new IllegalMonitorStateException("current thread does not hold " + symbols.describe(l.address));
        }
        if (held == 1) {
            schedulingPoint(me, EventKind.UNLOCK, l.address, loc);
            drain(me);
            record(me, EventKind.UNLOCK, loc, l.address, 0, 0, (char) 0, view.shared() ? Event.SHARED : 0);
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

    @Override
    public void lock(Object lockObject, boolean interruptibly, int loc) throws InterruptedException {
        RunThread me = enter();
        try {
            View view = view(lockObject, me, loc);
            if (controlled(me)) {
                acquire(me, view, loc, interruptibly);
            }
        } catch (InterruptedSignal e) {
            throw new InterruptedException();
        } finally {
            lock.unlock();
        }
    }

    @Override
    public boolean tryLock(Object lockObject, int loc) {
        RunThread me = enter();
        try {
            View view = view(lockObject, me, loc);
            return controlled(me) && tryAcquire(me, view, loc, false, 0);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public boolean tryLock(Object lockObject, long time, TimeUnit unit, int loc) throws InterruptedException {
        RunThread me = enter();
        try {
            View view = view(lockObject, me, loc);
            return controlled(me) && tryAcquire(me, view, loc, true, unit.toNanos(time));
        } catch (InterruptedSignal e) {
            throw new InterruptedException();
        } finally {
            lock.unlock();
        }
    }

    /** tryLock: fails (a YIELD event) when the lock is not free at the moment it is scheduled; a timed one may be scheduled after a release. */
    private boolean tryAcquire(RunThread me, View view, int loc, boolean timed, long nanos) {
        LockState l = view.lock();
        if (l.heldBy(me, view.shared()) > 0) {
            hold(me, view);
            return true;
        }
        schedulingPoint(me, EventKind.LOCK, l.address, loc);
        if (timed && me.interrupted) {
            consumeInterrupt(me, loc);
            throw new InterruptedSignal();
        }
        if (l.available(me, view.shared())) {
            take(me, view, loc);
            return true;
        }
        me.clockNanos += Math.max(0, nanos);
        record(me, EventKind.YIELD, loc, null, 0, 0, (char) 0, 0);
        return false;
    }

    @Override
    public void unlock(Object lockObject, int loc) {
        RunThread me = enter();
        try {
            View view = view(lockObject, me, loc);
            if (controlled(me)) {
                release(me, view, loc);
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public Object newCondition(Object lockObject, int loc) {
        RunThread me = enter();
        try {
            View view = view(lockObject, me, loc);
            Object condition = JdkMethods.call(lockObject, jdkClassOf(lockObject), "newCondition", MethodType.methodType(Condition.class));
            conditions.put(condition, new ConditionQueue(view.lock(), new ArrayList<>()));
            return condition;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public Object readWriteLockView(Object readWriteLock, boolean write, int loc) {
        RunThread me = enter();
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
            lock.unlock();
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
            if (v.lock().address.object() == recording.objects().id(readWriteLock, me)) {
                return v.lock();
            }
        }
        return new LockState(Address.lock(recording.objects().id(readWriteLock, me)));
    }

    @Override
    public boolean isLocked(Object lockObject, int loc) {
        RunThread me = enter();
        try {
            View view = view(lockObject, me, loc);
            if (controlled(me)) {
                schedulingPoint(me, EventKind.YIELD, view.lock().address, loc);
                record(me, EventKind.YIELD, loc, null, 0, 0, (char) 0, 0);
            }
            return view.lock().owner != null;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public boolean isHeldByCurrentThread(Object lockObject, int loc) {
        return getHoldCount(lockObject, loc) > 0;
    }

    @Override
    public int getHoldCount(Object lockObject, int loc) {
        RunThread me = enter();
        try {
            View view = view(lockObject, me, loc);
            return view.lock().heldBy(me, view.shared());
        } finally {
            lock.unlock();
        }
    }

    private Wake awaitCondition(Object condition, boolean timed, boolean interruptibly, int loc) throws InterruptedException {
        RunThread me = enter();
        try {
            ConditionQueue queue = conditions.get(Objects.requireNonNull(condition));
            if (queue == null) {
                unsupportedLocked("a Condition created outside instrumented code", loc);
            }
            if (queue.lock().owner != me) {
                throw new IllegalMonitorStateException("current thread does not hold the condition's lock");
            }
            if (!controlled(me)) {
                return Wake.NOTIFIED;
            }
            Wake wake = waitFor(me, queue.lock(), queue.waiters(), null, timed, interruptibly, loc, "signal");
            if (wake == Wake.INTERRUPTED) {
                throw new InterruptedException();
            }
            return wake;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void await(Object condition, boolean interruptibly, int loc) throws InterruptedException {
        awaitCondition(condition, false, interruptibly, loc);
    }

    @Override
    public boolean await(Object condition, long time, TimeUnit unit, int loc) throws InterruptedException {
        return awaitCondition(condition, true, true, loc) != Wake.TIMED_OUT;
    }

    @Override
    public long awaitNanos(Object condition, long nanos, int loc) throws InterruptedException {
        return awaitCondition(condition, true, true, loc) == Wake.TIMED_OUT ? 0 : Math.max(1, nanos);
    }

    @Override
    public boolean awaitUntil(Object condition, Date deadline, int loc) throws InterruptedException {
        return awaitCondition(condition, true, true, loc) != Wake.TIMED_OUT;
    }

    @Override
    public void signal(Object condition, boolean all, int loc) {
        RunThread me = enter();
        try {
            ConditionQueue queue = conditions.get(Objects.requireNonNull(condition));
            if (queue == null) {
                unsupportedLocked("a Condition created outside instrumented code", loc);
            }
            if (queue.lock().owner != me) {
                throw new IllegalMonitorStateException("current thread does not hold the condition's lock");
            }
            if (controlled(me)) {
                notify(me, queue.lock(), queue.waiters(), all, loc);
            }
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void park(Object blocker, boolean timed, int loc) {
        RunThread me = enter();
        try {
            if (!controlled(me)) {
                return; // park may return spuriously
            }
            schedulingPoint(me, EventKind.PARK, permitAddress(me), loc,
                    () -> me.permit || me.interrupted || timed, () -> "is parked");
            drain(me);
            boolean hadPermit = me.permit;
            me.permit = false;
            record(me, EventKind.PARK, loc, permitAddress(me), hadPermit ? 1 : 0, 0, 'Z', 0);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void unpark(Thread thread, int loc) {
        RunThread me = enter();
        try {
            RunThread target = thread == null ? null : byJvmThread.get(thread);
            if (target == null || target.ended || !controlled(me)) {
                return; // unparking a thread that is not alive has no effect
            }
            schedulingPoint(me, EventKind.UNPARK, permitAddress(target), loc);
            drain(me);
            target.permit = true;
            record(me, EventKind.UNPARK, loc, permitAddress(target), 1, target.id, 'Z', 0);
        } finally {
            lock.unlock();
        }
    }

    // ------------------------------------------------------------------ atomics

    @Override
    public void beforeAtomic(Object atomic, int index, int op, int loc) {
        RunThread me = enter();
        try {
            me.atomic = null;
            if (atomic == null || !AtomicCell.inRange(atomic, index) || !controlled(me)) {
                return; // the native call throws, or nothing is controlled here
            }
            AtomicCell cell = AtomicCell.of(atomic, index);
            if (cell == null) {
                unsupportedLocked(atomic.getClass().getName() + " (atomic operation)", loc);
            }
            // Atomic writes go straight to memory, so even the release and plain ones drain the buffer first.
            EventKind kind = switch (op) {
                case Hooks.ATOMIC_READ -> EventKind.VOLATILE_READ;
                case Hooks.ATOMIC_READ_PLAIN -> EventKind.READ;
                case Hooks.ATOMIC_RMW -> EventKind.ATOMIC_RMW;
                default -> EventKind.VOLATILE_WRITE;
            };
            Address address = Address.atomic(recording.objects().id(atomic, me), index);
            schedulingPoint(me, kind, address, loc);
            if (kind.synchronizes()) {
                drain(me);
            }
            long before = recording.objects().encode(cell.get(), cell.type(), me);
            recording.initialValue(address, before);
            me.atomic = new PendingAtomic(cell, kind, address, loc, before);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void afterAtomic() {
        RunThread me = enter();
        try {
            PendingAtomic op = me.atomic;
            me.atomic = null;
            if (op == null) {
                return;
            }
            long after = recording.objects().encode(op.cell().get(), op.cell().type(), me);
            switch (op.kind()) {
                case READ, VOLATILE_READ -> record(me, op.kind(), op.location(), op.address(), op.before(), 0, op.cell().type(), 0);
                case VOLATILE_WRITE -> record(me, op.kind(), op.location(), op.address(), after, 0, op.cell().type(), 0);
                default -> record(me, EventKind.ATOMIC_RMW, op.location(), op.address(), op.before(), after, op.cell().type(),
                        after != op.before() ? Event.WROTE : 0);
            }
        } finally {
            lock.unlock();
        }
    }

    /** getAndUpdate and friends as the JDK performs them: a read, the function (program code, run unlocked), a compareAndSet, retried. */
    private Object update(Object atomic, int index, UnaryOperator<Object> function, boolean returnNew, int loc) {
        while (true) {
            beforeAtomic(atomic, index, Hooks.ATOMIC_READ, loc);
            Object previous = cellOf(atomic, index, loc).get();
            afterAtomic();
            Object next = function.apply(previous);
            beforeAtomic(atomic, index, Hooks.ATOMIC_RMW, loc);
            boolean swapped = cellOf(atomic, index, loc).compareAndSet(previous, next);
            afterAtomic();
            if (swapped) {
                return returnNew ? next : previous;
            }
        }
    }

    private AtomicCell cellOf(Object atomic, int index, int loc) {
        AtomicCell cell = AtomicCell.of(Objects.requireNonNull(atomic), index);
        if (cell == null) {
            unsupported(atomic.getClass().getName() + " (atomic update)", loc);
        }
        return cell;
    }

    @Override
    public int atomicUpdate(Object atomic, int index, IntUnaryOperator function, boolean returnNew, int loc) {
        return (Integer) update(atomic, index, v -> function.applyAsInt((Integer) v), returnNew, loc);
    }

    @Override
    public long atomicUpdate(Object atomic, int index, LongUnaryOperator function, boolean returnNew, int loc) {
        return (Long) update(atomic, index, v -> function.applyAsLong((Long) v), returnNew, loc);
    }

    @Override
    public Object atomicUpdate(Object atomic, int index, UnaryOperator<Object> function, boolean returnNew, int loc) {
        return update(atomic, index, function, returnNew, loc);
    }

    @Override
    public int atomicAccumulate(Object atomic, int index, int x, IntBinaryOperator function, boolean returnNew, int loc) {
        return (Integer) update(atomic, index, v -> function.applyAsInt((Integer) v, x), returnNew, loc);
    }

    @Override
    public long atomicAccumulate(Object atomic, int index, long x, LongBinaryOperator function, boolean returnNew, int loc) {
        return (Long) update(atomic, index, v -> function.applyAsLong((Long) v, x), returnNew, loc);
    }

    @Override
    public Object atomicAccumulate(Object atomic, int index, Object x, BinaryOperator<Object> function, boolean returnNew, int loc) {
        return update(atomic, index, v -> function.apply(v, x), returnNew, loc);
    }

    // ------------------------------------------------------------------ fences, unsupported

    @Override
    public void fence(int kind, int loc) {
        RunThread me = enter();
        try {
            if (!controlled(me)) {
                return;
            }
            FenceKind fence = FenceKind.values()[kind];
            schedulingPoint(me, EventKind.FENCE, null, loc);
            // Only write->read and (PSO) write->write pairs are relaxed, so only these fences have work to do.
            if (fence == FenceKind.FULL) {
                drain(me);
            } else if ((fence == FenceKind.RELEASE || fence == FenceKind.STORE_STORE) && model == MemoryModel.PSO) {
                me.buffer.storeStoreBarrier();
            }
            record(me, EventKind.FENCE, loc, null, kind, 0, (char) 0, 0);
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void awaitingWork(boolean waiting) {
        RunThread me = enter();
        try {
            me.awaitingWork = waiting;
        } finally {
            lock.unlock();
        }
    }

    @Override
    public void unsupported(String api, int loc) {
        enter();
        try {
            unsupportedLocked(api, loc);
        } finally {
            lock.unlock();
        }
    }

    private void unsupportedLocked(String api, int loc) {
        Location where = symbols.locations().get(loc);
        finish(RunEnd.of(Status.UNSUPPORTED, "unsupported: " + api + (where != null ? " at " + where.fileAndLine() : "")));
        throw new RunAbort();
    }
}
