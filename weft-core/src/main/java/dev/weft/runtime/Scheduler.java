package dev.weft.runtime;

import dev.weft.runtime.symbolic.Shadow;
import dev.weft.trace.Address;
import dev.weft.trace.Choice;
import dev.weft.trace.Ending;
import dev.weft.trace.Event;
import dev.weft.trace.EventKind;
import dev.weft.trace.Location;
import dev.weft.trace.AccessMode;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.Outcome;
import dev.weft.trace.RunResult;
import dev.weft.trace.RunResult.Status;
import dev.weft.trace.ObjectNames;
import dev.weft.trace.Symbols;
import dev.weft.trace.ThreadPaths;
import java.lang.invoke.MethodType;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.BooleanSupplier;
import java.util.function.IntSupplier;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * The scheduling core of one run: the run's lock, the registry of its threads, whose turn it is,
 * and every choice the {@link SchedulePolicy} makes. The parts that give the hooks their meaning
 * ({@link MemoryAccess}, {@link Locks}, {@link ThreadLifecycle}, {@link Atomics}, {@link Determinism})
 * hold this core and use a small surface of it: {@link #enter} and {@link #unlock} around each hook,
 * {@link #schedulingPoint}, {@link #record}, {@link #drain}, {@link #finish}, {@link #unsupportedLocked}.
 *
 * <p>Exactly one program thread runs at a time. At each scheduling point the arriving thread
 * records what it is about to do, and (holding the run's lock) asks the {@link SchedulePolicy}
 * which enabled choice comes next; the chosen thread is signalled and performs its operation, then
 * runs on to its next scheduling point. A newly started thread runs, inside its parent's FORK step,
 * up to its own first scheduling point, so every live thread always has a known next operation.
 * Under TSO/PSO plain writes also go to the thread's {@link StoreBuffer}; each write that may become
 * visible is a choice of its own, and synchronizing operations but volatile reads drain the buffer
 * first ({@link dev.weft.trace.EventKind#drainsBuffers}). The store
 * itself happens at once; {@link VisibleValues} sets memory to each thread's view when it gets the turn.
 * Since the core performs the choices, it also performs the flushes ({@link #flush}, {@link #drain}).
 *
 * <p>{@link #record} and {@link #flush} show every event and every write made visible to the
 * busy-wait rule ({@link BusyWaitRules}), which holds a spinning thread back at a LOOP scheduling point.
 */
final class Scheduler {
    static final BooleanSupplier ALWAYS = () -> true;
    private static final Outcome[] OUTCOMES = Outcome.values();
    private static final int ABORTS_BEFORE_PARKING = 100;
    /** How often the watcher asks {@link RunConfig#stop()}. */
    private static final long STOP_POLL_NANOS = TimeUnit.MILLISECONDS.toNanos(50);
    /** How long a run stopped from outside waits for a thread that is not at a hook: the exploration ends anyway. */
    private static final long STOPPED_GRACE_NANOS = TimeUnit.MILLISECONDS.toNanos(500);
    static final Thread.UncaughtExceptionHandler SILENT = (thread, failure) -> {
        // The runtime reported the failure already (or it is the RunAbort that ends a finished run).
    };

    /* What the parts share: the program's name tables, the memory model, what the run records, the bugs it reports, memory as each thread sees it, and the busy-wait rule. */
    final Symbols symbols;
    final MemoryModel model;
    final Recording recording;
    final BugReports bugs;
    final VisibleValues visibleValues = new VisibleValues();
    /** Memory as each thread sees it under JMM (unused under SC, TSO and PSO). */
    final JmmViews jmm = new JmmViews();
    private final List<RunThread> threads = new ArrayList<>();
    final BusyWaitRules busyWaits = new BusyWaitRules(threads);
    private final RunConfig config;
    private final SchedulePolicy policy;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition runOver = lock.newCondition();
    private final Map<Thread, RunThread> byJvmThread = new IdentityHashMap<>();
    private final Map<Integer, RunThread> byId = new HashMap<>();
    /** Stands for threads that call before the run starts: nothing is controlled or recorded. */
    private final RunThread outside;
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
    /** The program threads still running once the run was over, which no means could stop. */
    private List<String> uncontrolled = List.of();
    private final Point point = new Point();
    private ProgramUnderTest.Copy copy;
    private ObjectNames names;
    private int namesAt;

    Scheduler(Symbols symbols, RunConfig config, SchedulePolicy policy) {
        this.symbols = symbols;
        this.config = config;
        this.model = config.memoryModel();
        this.policy = policy;
        this.recording = new Recording(symbols, policy.recordsForReport());
        this.bugs = new BugReports(symbols, config);
        this.outside = new RunThread(-1, "(outside the run)", null, true, lock.newCondition());
        outside.uncontrolled = true;
    }

    // ------------------------------------------------------------------ the run

    /**
     * Runs {@code mainBody} (which runs {@code copy}'s main as the program's main thread) in a fresh thread
     * under this scheduler and returns when every program thread has stopped.
     */
    RunResult execute(ProgramUnderTest.Copy copy, Runnable mainBody) {
        this.copy = copy;
        Shadow.locateThreadsWith(this::positionOf);
        Thread mainThread = new Thread(mainBody, ThreadPaths.MAIN);
        // A new thread inherits its creator's daemon status; the JVM's main thread is never a daemon, and
        // the program's threads inherit main's, which decides when the run ends.
        mainThread.setDaemon(false);
        mainThread.setUncaughtExceptionHandler(SILENT);
        boolean interrupted = false;
        lock.lock();
        try {
            RunThread main = register(ThreadPaths.MAIN, mainThread, null);
            started = true;
            running = main;
            mainThread.start();
            interrupted = watch();
        } finally {
            lock.unlock();
        }
        uncontrolled = stopThreads();
        // A static holding this scheduler would keep the run's program (its loader and heap) alive until the next run.
        Shadow.forgetThreads();
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
            jmm.show(null);
        } finally {
            lock.unlock();
        }
        Map<String, String> finalState = copy.staticState();
        Map<Object, String> fieldPaths = policy.recordsForReport() ? copy.fieldPaths() : Map.of();
        lock.lock();
        try {
            if (model == MemoryModel.JMM) {
                JmmCoverage.uncovered(recording.events()).forEach(recording::incomplete);
            }
            return recording.result(end.status(), end.bug(), end.detail(), finalState, fieldPaths);
        } finally {
            lock.unlock();
        }
    }

    /** After {@link #execute}: the names of the program threads it could not stop (blocked or looping in code Weft does not control). */
    List<String> uncontrolledThreads() {
        return uncontrolled;
    }

    /**
     * Watches the run until it ends (holding the run's lock, which it lets go while it waits): a
     * thread that neither reaches a scheduling point nor finishes within the stuck timeout ends it
     * ({@link BugReports#stuck}), and so does the {@link RunConfig#stop() stop} from outside and the
     * heap running out while the watcher waits (the running thread's allocations, not the watcher's).
     * Returns whether the watcher was interrupted.
     */
    private boolean watch() {
        long timeout = config.stuckTimeout().toNanos();
        long seenProgress = progress;
        long seenAt = System.nanoTime();
        while (end == null) {
            long now = System.nanoTime();
            if (choosing || progress != seenProgress || running != null && lock.hasQueuedThread(running.jvm)) {
                // A thread waiting for the run's lock is about to reach a hook, not blocked in uncontrolled code.
                seenProgress = progress;
                seenAt = now;
            } else if (now - seenAt >= timeout) {
                finish(bugs.stuck(running));
                break;
            }
            if (config.stop().getAsBoolean()) {
                finish(RunEnd.of(Status.STOPPED, "stopped from outside before its end"));
                break;
            }
            try {
                // Progress is sampled, so a stuck thread is reported between one and 1 1/8 timeouts after its last step.
                runOver.awaitNanos(Math.min(STOP_POLL_NANOS, Math.min(timeout - (now - seenAt), Math.max(1, timeout / 8))));
            } catch (InterruptedException e) {
                finish(new RunEnd(null, null, "run interrupted", e));
                return true;
            } catch (OutOfMemoryError e) {
                MemoryReserve.release();
                finish(bugs.outOfMemory(e, running));
            }
        }
        return false;
    }

    /** Waits for every program thread to die once the run is over; forces the ones that do not; returns those still running. */
    @SuppressWarnings({"deprecation", "removal"})
    private List<String> stopThreads() {
        List<RunThread> all;
        lock.lock();
        try {
            all = new ArrayList<>(threads);
        } finally {
            lock.unlock();
        }
        long deadline = System.nanoTime() + (end.status() == Status.STOPPED ? STOPPED_GRACE_NANOS : config.stuckTimeout().toNanos());
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
            // A thread parked for good (it kept calling hooks after its run ended) stays parked: it can touch nothing more.
            if (!t.parkedForGood && t.jvm.isAlive()) {
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

    RunThread register(String name, Thread jvm, RunThread parent) {
        RunThread t = new RunThread(symbols.threads().id(name), name, jvm, jvm.isDaemon(), lock.newCondition());
        if (parent != null) {
            t.clockNanos = parent.clockNanos;
            jmm.forked(parent, t);
        }
        threads.add(t);
        byJvmThread.put(jvm, t);
        byId.put(t.id, t);
        return t;
    }

    /**
     * Ends the run at once from a thread that does not take a turn for it (a failure found outside the
     * turn order): takes the run's lock, and ends the run as {@code how} says unless it is already over
     * or {@code how} gives null (nothing to end it for).
     */
    void finishNow(Supplier<RunEnd> how) {
        lock.lock();
        try {
            if (!isOver()) {
                RunEnd end = how.get();
                if (end != null) {
                    finish(end);
                }
            }
        } finally {
            lock.unlock();
        }
    }

    void finish(RunEnd how) {
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

    // ------------------------------------------------------------------ entering the run (around every hook)

    /** Where {@code jvm} is in this run's trace, for the shadow execution: {@code id << 32 | events recorded}, or -1. */
    long positionOf(Thread jvm) {
        lock.lock();
        try {
            RunThread t = byJvmThread.get(jvm);
            return t == null || t.uncontrolled ? -1 : (long) t.id << 32 | t.seq;
        } finally {
            lock.unlock();
        }
    }

    /** Takes the run lock and identifies the calling thread; the caller must unlock. */
    RunThread enter() {
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

    static void silence(Thread thread) {
        if (thread.getUncaughtExceptionHandler() == thread.getThreadGroup()) {
            thread.setUncaughtExceptionHandler(SILENT);
        }
    }

    private void checkEnd() {
        if (end != null) {
            throw new RunAbort();
        }
    }

    void begin(RunThread me) {
        while (running != me) {
            checkEnd();
            me.turn.awaitUninterruptibly();
        }
        checkEnd();
        me.begun = true;
        record(me, EventKind.BEGIN, -1, null, 0, 0, (char) 0, 0);
    }

    // ------------------------------------------------------------------ what the parts ask of the run

    void unlock() {
        lock.unlock();
    }

    /** Takes the run lock without identifying the caller (a thread body's start and end); the caller must unlock. */
    void lock() {
        lock.lock();
    }

    /** The run's record of {@code jvm}, or null if the program did not start it with Thread.start. Under the run's lock. */
    RunThread thread(Thread jvm) {
        return byJvmThread.get(jvm);
    }

    /** Whether {@code me} stands for a thread that called before the run started. */
    boolean isOutside(RunThread me) {
        return me == outside;
    }

    boolean isOver() {
        return end != null;
    }

    /** Whether every other thread of the run has ended. Under the run's lock. */
    boolean aloneIn(RunThread me) {
        for (RunThread t : threads) {
            if (t != me && !t.ended) {
                return false;
            }
        }
        return true;
    }

    /** Whether the run lets waits and parks return spuriously ({@link RunConfig#spuriousWakeups}). */
    boolean spuriousWakeups() {
        return config.spuriousWakeups();
    }

    /**
     * Names for the run's objects now, for bug messages: field paths and allocation sites only in a run for a report.
     * Made once per point of the run (a deadlock's message describes every blocked thread's lock from one state).
     */
    ObjectNames names() {
        if (names == null || namesAt != recording.nextIndex()) {
            names = recording.names(policy.recordsForReport() ? copy.fieldPaths() : Map.of());
            namesAt = recording.nextIndex();
        }
        return names;
    }

    ObjectRegistry objects() {
        return recording.objects();
    }

    // ------------------------------------------------------------------ forked children

    /**
     * {@code parent} just forked {@code child}: the child runs, inside the parent's step, up to its
     * first scheduling point and then hands the turn back ({@link #awaitForkedChild}).
     */
    void runForked(RunThread parent, RunThread child) {
        child.handBackTo = parent;
        visibleValues.stopped(parent);
        giveTurn(child);
    }

    /**
     * The parent of a thread just forked calls the runtime again: it waits until the child has run to
     * its first scheduling point (or its end). A child whose body never calls the runtime began and
     * ended unseen; one that was never started is forgotten.
     */
    void awaitForkedChild(RunThread me) {
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

    // ------------------------------------------------------------------ scheduling

    /**
     * A scheduling point: {@code me} stops before {@code op}, which it can perform once
     * {@code enabled} holds, and returns when it has been chosen to perform it.
     */
    void schedulingPoint(RunThread me, EventKind kind, Address address, int loc, BooleanSupplier enabled,
                         Supplier<String> waitsFor) {
        schedulingPoint(me, new PendingOperation(kind, address, loc), enabled, waitsFor);
    }

    /** A scheduling point before {@code op}, which the thread can perform once {@code enabled} holds ({@code waitsFor} says why not). */
    void schedulingPoint(RunThread me, PendingOperation op, BooleanSupplier enabled, Supplier<String> waitsFor) {
        me.enabled = enabled;
        awaitTurn(me, op, waitsFor);
    }

    /**
     * A blocking call's scheduling point: {@code outcomes} says, whenever the policy decides, which
     * {@link Outcomes} the call can have then (none: it cannot return yet); returns the one the
     * schedule chose.
     */
    Outcome blockingPoint(RunThread me, PendingOperation op, IntSupplier outcomes, Supplier<String> waitsFor) {
        me.outcomes = outcomes;
        awaitTurn(me, op, waitsFor);
        return me.outcome;
    }

    private void awaitTurn(RunThread me, PendingOperation op, Supplier<String> waitsFor) {
        settleOwedEvents(me);
        me.pending = op;
        me.waitsFor = waitsFor;
        me.outcome = Outcome.NORMAL;
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
        me.outcomes = null;
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

    void schedulingPoint(RunThread me, EventKind kind, Address address, int loc) {
        schedulingPoint(me, kind, address, loc, ALWAYS, null);
    }

    /** {@code me} stopped (at a scheduling point, or for good): let the next thread run. */
    void stop(RunThread me) {
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
        jmm.show(next);
        running = next;
        progress++;
        next.turn.signal();
        if (next.jvmMonitor != null) {
            wake(next);
        }
    }

    /** The {@link Outcomes} {@code t}'s pending step can have now; none while it cannot move. */
    private int outcomes(RunThread t) {
        if (t.ended) {
            return Outcomes.NONE;
        }
        if (t.outcomes != null) {
            return t.outcomes.getAsInt();
        }
        return t.enabled != null && t.enabled.getAsBoolean() ? Outcomes.NORMAL : Outcomes.NONE;
    }

    /** Whether {@code t} can move other than by a spurious wake-up. */
    private boolean isEnabled(RunThread t) {
        return Outcomes.due(outcomes(t)) != Outcomes.NONE;
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
            if (onlyDaemons(live)) {
                // The last non-daemon thread's END (just recorded) ends the run, as it ends a JVM.
                endRun(recording.nextIndex() - 1, null, RunEnd.of(Status.COMPLETED, null));
                return;
            }
            boolean keptGoing = keepsRunGoing(live);
            if (keptGoing) {
                markRunEndingEnds(live);
            } else if (!anyDaemon(live)) {
                // Only idle pool workers are left: a JDK pool would keep the JVM alive, Weft ends the run.
                finish(RunEnd.of(Status.COMPLETED, null));
                return;
            }
            fillEnabled();
            if (enabled.isEmpty()) {
                if (!keptGoing) {
                    // Idle pool workers keep a JVM alive while daemon threads run on: the run ends once those cannot move.
                    finish(RunEnd.of(Status.COMPLETED, null));
                    return;
                }
                finish(bugs.noThreadCanMove(live));
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
            Choice taken = accepted(choice);
            if (taken == null) {
                finish(RunEnd.of(Status.DIVERGED, "choice " + recording.steps() + " (" + describe(choice)
                        + ") is not enabled; enabled were " + enabled.stream().map(this::describe).collect(Collectors.joining(", "))));
                return;
            }
            recording.chose(taken);
            RunThread chosen = byId.get(taken.thread());
            if (taken.isFlush() && model == MemoryModel.JMM) {
                EventKind kind = chosen.pending.kind();
                jmm.reorder(chosen, taken.flush(), isWrite(kind), mode(kind));
                continue;
            }
            if (taken.isFlush()) {
                flush(chosen, chosen.buffer.take(model, taken.flush()), Event.CHOSEN);
                continue;
            }
            chosen.outcome = taken.outcome();
            lastThread = chosen.id;
            chosen.stepped = true;
            giveTurn(chosen);
            return;
        }
    }

    /**
     * Whether the END of {@code me} would end the run now: it is not a daemon and every other live
     * thread is. (An idle pool worker keeps a JVM alive; with one left, the run ends only once
     * nothing can move, cutting nothing off.)
     */
    boolean wouldEndRun(RunThread me) {
        if (me.daemon) {
            return false;
        }
        for (RunThread t : threads) {
            if (t != me && !t.ended && !t.daemon) {
                return false;
            }
        }
        return true;
    }

    /** Whether a live thread other than {@code me} could take a step or publish a buffered write now. */
    boolean othersCanMove(RunThread me) {
        for (RunThread t : threads) {
            if (t != me && !t.ended && (isEnabled(t) || !t.buffer.flushable(model).isEmpty())) {
                return true;
            }
        }
        return false;
    }

    /**
     * A thread that waits at its END's scheduling point (it buffered writes under TSO/PSO) may have
     * become the last non-daemon thread meanwhile: its END now ends the run, and says so to the policy.
     */
    private void markRunEndingEnds(List<RunThread> live) {
        for (int i = 0; i < live.size(); i++) {
            RunThread t = live.get(i);
            if (t.pending != null && t.pending.kind() == EventKind.END && !t.pending.endsRun() && wouldEndRun(t)) {
                t.pending = t.pending.endingRun();
            }
        }
    }

    /**
     * The enabled choices, in the order {@link SchedulingPoint#enabled} promises: each thread's steps
     * that are due, then every possible flush, then the spurious wake-ups. A spurious wake-up is
     * offered only while something else can move: when nothing else can, the run is a deadlock,
     * since a JVM need never wake the thread.
     */
    private void fillEnabled() {
        enabled.clear();
        boolean spurious = false;
        for (int i = 0; i < live.size(); i++) {
            RunThread t = live.get(i);
            int can = outcomes(t);
            spurious |= Outcomes.has(can, Outcome.SPURIOUS);
            for (Outcome o : OUTCOMES) {
                if (o != Outcome.SPURIOUS && Outcomes.has(can, o)) {
                    enabled.add(t.steps[o.ordinal()]);
                }
            }
        }
        if (model == MemoryModel.JMM) {
            offerReorderings();
        } else if (model != MemoryModel.SC) {
            for (RunThread t : live) {
                for (Address a : t.buffer.flushable(model)) {
                    enabled.add(Choice.flush(t.id, a));
                }
            }
        }
        if (spurious && !enabled.isEmpty()) {
            for (int i = 0; i < live.size(); i++) {
                RunThread t = live.get(i);
                if (Outcomes.has(outcomes(t), Outcome.SPURIOUS)) {
                    enabled.add(t.steps[Outcome.SPURIOUS.ordinal()]);
                }
            }
        }
    }

    /**
     * Under JMM, for each thread about to read or write an address, the choice to reorder that access
     * once more first ({@link JmmViews#canReorder}): a read sees a newer write, a write goes before an older one.
     */
    private void offerReorderings() {
        for (int i = 0; i < live.size(); i++) {
            RunThread t = live.get(i);
            PendingOperation op = t.pending;
            if (op != null && isPlainOrVolatileAccess(op.kind()) && isEnabled(t)
                    && jmm.canReorder(t, op.address(), isWrite(op.kind()), mode(op.kind()))) {
                enabled.add(Choice.flush(t.id, op.address()));
            }
        }
    }

    private static boolean isPlainOrVolatileAccess(EventKind kind) {
        return kind == EventKind.READ || kind == EventKind.VOLATILE_READ || isWrite(kind);
    }

    private static boolean isWrite(EventKind kind) {
        return kind == EventKind.WRITE || kind == EventKind.VOLATILE_WRITE;
    }

    /** All a view needs to know of a pending access's mode: whether it is volatile (its SC fence comes first). */
    private static AccessMode mode(EventKind kind) {
        return kind == EventKind.VOLATILE_READ || kind == EventKind.VOLATILE_WRITE ? AccessMode.VOLATILE : AccessMode.PLAIN;
    }

    /**
     * The run ends at its event {@code event} ({@code exiting}'s exit, or, with {@code exiting} null,
     * the END of the last non-daemon thread): records what the end cut off, then finishes.
     */
    void endRun(int event, RunThread exiting, RunEnd how) {
        if (event >= 0) {
            Set<Integer> expendable = new HashSet<>();
            List<Ending.CutOff> cutOff = new ArrayList<>();
            for (RunThread t : threads) {
                if (exiting != null ? t != exiting : t.daemon) {
                    expendable.add(t.id);
                }
                if (t != exiting && !t.ended) {
                    if (t.pending != null) {
                        PendingOperation op = t.pending;
                        cutOff.add(new Ending.CutOff(t.steps[Outcome.NORMAL.ordinal()], op.kind(), op.address(), op.location(), isEnabled(t)));
                    }
                    for (Address a : t.buffer.flushable(model)) {
                        cutOff.add(new Ending.CutOff(Choice.flush(t.id, a), EventKind.FLUSH, a, -1, true));
                    }
                }
            }
            recording.ended(new Ending(event, expendable, cutOff));
        }
        finish(how);
    }

    private static boolean onlyDaemons(List<RunThread> live) {
        for (int i = 0; i < live.size(); i++) {
            if (!live.get(i).daemon) {
                return false;
            }
        }
        return true;
    }

    private static boolean anyDaemon(List<RunThread> live) {
        for (int i = 0; i < live.size(); i++) {
            if (live.get(i).daemon) {
                return true;
            }
        }
        return false;
    }

    /**
     * The enabled choice that performs {@code choice}, or null. A step asked to return one way takes
     * another that its thread sees alike ({@link Outcome#seenBy}) where only that one is enabled: a
     * wait woken spuriously or by a notification, a park without its permit woken spuriously or by
     * an interrupt. Which of the two is possible depends on the order the schedule chose, which a
     * seed of MCR asks for by what the thread sees.
     */
    private Choice accepted(Choice choice) {
        if (choice == null || enabled.contains(choice) || choice.isFlush()) {
            return choice == null || enabled.contains(choice) ? choice : null;
        }
        RunThread t = byId.get(choice.thread());
        EventKind call = t == null || t.pending == null ? null : t.pending.kind();
        for (Outcome other : OUTCOMES) {
            Choice alternative = t == null ? null : t.steps[other.ordinal()];
            if (call != null && other.seenBy(call) == choice.outcome().seenBy(call) && enabled.contains(alternative)) {
                return alternative;
            }
        }
        return null;
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

    /**
     * A pool worker blocked waiting for work (see {@link ThreadLifecycle#awaitingWork}): it cannot keep the run going by itself.
     * Nor can one whose keep-alive time may run out: that would only end it, which no other thread is left to see.
     */
    private boolean isIdleWorker(RunThread t) {
        return t.awaitingWork && (Outcomes.due(outcomes(t)) & ~Outcomes.TIMED_OUT) == Outcomes.NONE;
    }

    private String describe(Choice choice) {
        if (choice == null) {
            return "none";
        }
        String thread = symbols.threads().name(choice.thread());
        if (choice.isFlush()) {
            return "flush " + thread + " " + symbols.describe(choice.flush());
        }
        return choice.outcome() == Outcome.NORMAL ? thread : thread + " " + choice.outcome().name().toLowerCase().replace('_', ' ');
    }

    /** What a policy sees at the scheduling point {@link #dispatch} is at. */
    private final class Point implements SchedulingPoint {
        private final List<Choice> enabledView = Collections.unmodifiableList(enabled);

        @Override
        public List<ThreadView> threads() {
            List<ThreadView> views = new ArrayList<>(live.size());
            for (RunThread t : live) {
                views.add(new ThreadView(t.id, outcomes(t) != Outcomes.NONE, t.pending));
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

    /** Records {@code me}'s event (none for a thread outside the run) and shows it to the busy-wait rules; returns its trace index, or -1. */
    int record(RunThread me, EventKind kind, int loc, Address address, long value, long value2, char type, int flags) {
        if (!me.controlled()) {
            return -1;
        }
        settleOwedEvents(me);
        if (model == MemoryModel.JMM) {
            jmm.synchronisation(me, kind, address, value2);
        }
        Event e = recording.add(me, kind, loc, address, value, value2, type, flags);
        busyWaits.recorded(me, e);
        return e.index();
    }

    /**
     * Records the events {@code me}'s step still owes ({@link RunThread#owedEvents}) before anything
     * else of the thread: they belong to the step, and come before its later events and its next stop.
     */
    private static void settleOwedEvents(RunThread me) {
        Runnable owed = me.owedEvents;
        if (owed != null) {
            me.owedEvents = null;
            owed.run();
        }
    }

    /** Publishes one buffered write: the choice of a flush, or one step of a drain. */
    private void flush(RunThread owner, StoreBuffer.Entry write, int flags) {
        visibleValues.flushed(write.address(), write.raw());
        busyWaits.madeVisible(owner.id, write.address(), recording.addFlush(owner, write, flags));
    }

    /** Publishes every write {@code me} buffered, oldest first: a synchronizing operation's first effect. */
    void drain(RunThread me) {
        while (!me.buffer.isEmpty()) {
            flush(me, me.buffer.takeOldest(), 0);
        }
    }

    // ------------------------------------------------------------------ unsupported calls

    void unsupported(String api, int loc) {
        enter();
        try {
            unsupportedLocked(api, loc);
        } finally {
            lock.unlock();
        }
    }

    void unsupportedLocked(String api, int loc) {
        Location where = symbols.locations().get(loc);
        finish(RunEnd.of(Status.UNSUPPORTED, "unsupported: " + api + (where != null ? " at " + where.fileAndLine() : "")));
        throw new RunAbort();
    }
}
