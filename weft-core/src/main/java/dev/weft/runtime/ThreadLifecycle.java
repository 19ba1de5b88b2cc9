package dev.weft.runtime;

import dev.weft.trace.Address;
import dev.weft.trace.Event;
import dev.weft.trace.EventKind;
import dev.weft.trace.IncompleteReason;
import dev.weft.trace.Location;
import dev.weft.trace.Outcome;
import dev.weft.trace.RunResult.Status;
import dev.weft.trace.ThreadPaths;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * The life of program threads: a thread body's start and end (its BEGIN and END events; an uncaught
 * failure is a bug of the run and ends its thread, after the program's handler ran), {@code Thread.start} (FORK),
 * join, sleep, yield, interrupts, {@code isAlive}, {@code System.exit}, and, for a modelled pool's worker, whether
 * it waits for work. What a thread learnt of class initialisations passes to the threads it starts and to those
 * that join it (see {@link ClassInits}). Whose turn it is
 * stays with the core, including the hand-back of a forked child to its parent
 * ({@link Scheduler#awaitForkedChild}), which every hook waits for on entry.
 */
final class ThreadLifecycle {
    private final Scheduler core;
    private final UncaughtExceptions uncaught;
    /** The run's guard around Weft's code at the thread's start and end. */
    private final WeftCodeGuard guard;

    ThreadLifecycle(Scheduler core, WeftCodeGuard guard) {
        this.core = core;
        this.guard = guard;
        this.uncaught = new UncaughtExceptions(core, guard);
    }

    /** The program's uncaught-exception handlers, and the run's default one. */
    UncaughtExceptions uncaught() {
        return uncaught;
    }

    /**
     * The program thread's body between Weft's start and end of the thread. Those run on the program's thread but outside
     * the hooks, so they enter Weft's guard themselves: the thread may still count as inside a JDK call there, and the
     * JDK's lock classes that Weft's own lock runs on may be instrumented (a CyclicBarrier's program).
     */
    Runnable wrapThreadBody(Runnable body) {
        return () -> {
            boolean began = guard.asWeft(this::threadBodyEnter);
            Throwable failure = null;
            try {
                if (body != null) {
                    body.run();
                }
            } catch (Throwable t) {
                failure = t;
                throw t;
            } finally {
                Throwable ending = failure;
                guard.asWeft(() -> threadBodyExit(began, ending));
            }
        };
    }

    boolean threadBodyEnter() {
        core.lock();
        try {
            RunThread known = core.thread(Thread.currentThread());
            if (known != null && !known.begun && !core.isOver()) {
                core.begin(known);
                return true;
            }
        } finally {
            core.unlock();
        }
        core.enter(); // a thread that began already runs the body inline; enter() reports unknown threads and ended runs
        core.unlock();
        return false;
    }

    /**
     * The end of a thread's body. An uncaught failure is a bug of the run and ends only its thread:
     * the program's handler runs first ({@link UncaughtExceptions}), then the thread ends and the
     * run goes on. The failure counts once its dispatch is over, as the JVM shows it (the default
     * handler prints it) only then: a run that ends while the dying thread waits to dispatch (a
     * daemon cut off by main's end) never showed it. The END is a scheduling point where other threads may act first: when the thread
     * buffered writes (TSO/PSO), and when it is the last non-daemon thread while others could still
     * move, since its end then ends the run and cuts them off.
     */
    void threadBodyExit(boolean began, Throwable failure) {
        if (failure instanceof OutOfMemoryError) {
            // Room to end the run and report the program's failure while its memory is still taken.
            MemoryReserve.release();
        }
        if (!began || failure instanceof RunAbort) {
            return;
        }
        RunThread me = ended();
        if (me == null) {
            return;
        }
        if (failure != null && !(failure instanceof VirtualMachineError) && WeftThrowables.weftOwn(failure) != null) {
            endByWeftsOwn(me, failure);
            return;
        }
        if (failure instanceof OutOfMemoryError) {
            endAtOutOfMemory(me, failure);
            return;
        }
        if (failure != null) {
            uncaught.dispatch(me, failure);
        }
        core.lock();
        try {
            if (core.isOver()) {
                return;
            }
            if (failure != null) {
                core.recording.bug(core.bugs.failure(failure, me));
            }
            boolean endsRun = core.wouldEndRun(me);
            if (me.everBuffered || endsRun && core.othersCanMove(me)) {
                // A choice for every thread that ever buffered a write, even with the buffer already flushed, so that
                // the choices a thread needs depend on its own events only, not on when other choices flushed its
                // writes (MCR's seeds count on it).
                core.schedulingPoint(me, new PendingOperation(EventKind.END, null, -1, endsRun), Scheduler.ALWAYS, null);
            }
            core.drain(me);
            core.record(me, EventKind.END, -1, null, 0, 0, (char) 0, 0);
            me.ended = true;
            core.stop(me);
        } finally {
            core.unlock();
        }
    }

    /** Weft's own failure (or refusal) reached the program's thread: the run ends here, never as a program bug. */
    private void endByWeftsOwn(RunThread me, Throwable failure) {
        core.finishNow(() -> core.bugs.uncaught(failure, me));
    }

    /**
     * The program ran out of memory: its bug, and the end of the run. The heap is still full of what the
     * program keeps, so the checker has no room to run the other threads on (the JVM would let them go
     * on); what they do after it is not explored, which the run says.
     */
    private void endAtOutOfMemory(RunThread me, Throwable failure) {
        core.finishNow(() -> {
            core.recording.incomplete(IncompleteReason.of("out-of-memory",
                    "a run ended at the program's OutOfMemoryError: what its other threads would have done after it was not explored"));
            return RunEnd.bug(core.bugs.failure(failure, me));
        });
    }

    /** The calling thread, whose body is over; null when the run is over. */
    private RunThread ended() {
        core.lock();
        try {
            RunThread me = core.thread(Thread.currentThread());
            if (me == null || core.isOver() || me.ended) {
                return null;
            }
            core.awaitForkedChild(me);
            return me;
        } finally {
            core.unlock();
        }
    }

    void threadStart(Thread thread, int loc) {
        RunThread me = core.enter();
        try {
            if (core.thread(thread) != null) {
                throw WeftThrowables.atCaller(new IllegalThreadStateException());
            }
            core.schedulingPoint(me, EventKind.FORK, null, loc);
            core.drain(me);
            RunThread child = core.register(ThreadPaths.child(me.name, ++me.children), thread, me);
            child.initialisationsSeen.addAll(me.initialisationsSeen);
            core.record(me, EventKind.FORK, loc, threadAddress(child), 0, child.id, (char) 0, 0);
            Scheduler.silence(thread);
            // The caller starts the thread next (instrumented code keeps its Thread.start call); the child
            // runs up to its first scheduling point and hands the turn back, which the parent's next call awaits.
            core.runForked(me, child);
        } finally {
            core.unlock();
        }
    }

    private static Address threadAddress(RunThread t) {
        return new Address(Address.Kind.THREAD_STATE, 0, t.id);
    }

    /**
     * Thread.join returns when the thread ended (JOIN), when its time runs out (TIMED_OUT, a timed
     * join, at any moment: a thread's body may have ended while the JVM has not yet finished it, so
     * even a join of an ended thread may time out), or by an interrupt. An interrupt by the time the
     * join is stepped ends it, unless the thread had ended when the join began (the JDK's join then
     * returns without waiting); the non-joined outcomes record a YIELD addressing the thread.
     */
    void threadJoin(Thread thread, long millis, int nanos, boolean timed, int loc) throws InterruptedException {
        RunThread me = core.enter();
        try {
            if (millis < 0 || nanos < 0 || nanos > 999_999) {
                throw WeftThrowables.atCaller(new IllegalArgumentException("timeout value is negative or nanos out of range"));
            }
            RunThread target = core.thread(Objects.requireNonNull(thread));
            if (target == null) {
                return; // never started: not alive, join returns at once
            }
            boolean mayTimeOut = timed && (millis > 0 || nanos > 0);
            int flags = Event.INTERRUPTIBLE | (mayTimeOut ? Event.TIMED : 0);
            boolean endedAtCall = target.ended;
            Outcome outcome = core.blockingPoint(me, new PendingOperation(EventKind.JOIN, threadAddress(target), loc, flags),
                    () -> me.interrupted
                            ? Outcomes.INTERRUPTED | Outcomes.when(endedAtCall, Outcomes.NORMAL)
                            : Outcomes.when(target.ended, Outcomes.NORMAL) | Outcomes.when(mayTimeOut, Outcomes.TIMED_OUT),
                    () -> "waits to join " + target.name);
            switch (outcome) {
                case NORMAL -> {
                    core.drain(me);
                    me.initialisationsSeen.addAll(target.initialisationsSeen);
                    core.record(me, EventKind.JOIN, loc, threadAddress(target), 0, target.id, (char) 0, flags);
                }
                case INTERRUPTED -> {
                    endedByInterrupt(me, EventKind.JOIN, threadAddress(target), flags, loc);
                    throw WeftThrowables.atCaller(new InterruptedException());
                }
                default -> {
                    me.clockNanos += TimeUnit.MILLISECONDS.toNanos(millis) + nanos;
                    core.record(me, EventKind.YIELD, loc, threadAddress(target), EventKind.JOIN.ordinal(), target.id, (char) 0,
                            flags | Event.flagsOf(outcome));
                }
            }
        } finally {
            core.unlock();
        }
    }

    void threadSleep(long millis, int nanos, int loc) throws InterruptedException {
        RunThread me = core.enter();
        try {
            if (millis < 0 || nanos < 0 || nanos > 999_999) {
                throw WeftThrowables.atCaller(new IllegalArgumentException("timeout value is negative or nanos out of range"));
            }
            if (!me.controlled()) {
                return;
            }
            Outcome outcome = core.blockingPoint(me, new PendingOperation(EventKind.YIELD, null, loc, Event.INTERRUPTIBLE),
                    () -> me.interrupted ? Outcomes.INTERRUPTED : Outcomes.NORMAL, null);
            if (outcome == Outcome.INTERRUPTED) {
                endedByInterrupt(me, EventKind.YIELD, null, Event.INTERRUPTIBLE, loc);
                throw WeftThrowables.atCaller(new InterruptedException("sleep interrupted"));
            }
            me.clockNanos += TimeUnit.MILLISECONDS.toNanos(millis) + nanos;
            core.record(me, EventKind.YIELD, loc, null, 0, 0, (char) 0, Event.INTERRUPTIBLE);
        } finally {
            core.unlock();
        }
    }

    void threadYield(int loc) {
        RunThread me = core.enter();
        try {
            if (me.controlled()) {
                core.schedulingPoint(me, EventKind.YIELD, null, loc);
                core.record(me, EventKind.YIELD, loc, null, 0, 0, (char) 0, 0);
            }
        } finally {
            core.unlock();
        }
    }

    void threadInterrupt(Thread thread, int loc) {
        RunThread me = core.enter();
        try {
            RunThread target = core.thread(Objects.requireNonNull(thread));
            if (target == null || !me.controlled()) {
                return; // interrupting a thread that is not alive need not have any effect
            }
            setForTarget(me, EventKind.INTERRUPT, threadAddress(target), target, () -> target.interrupted = true, loc);
        } finally {
            core.unlock();
        }
    }

    /** {@code me} sets one of {@code target}'s flags ({@code set}): an INTERRUPT or UNPARK writing 1 to its location {@code address}. */
    void setForTarget(RunThread me, EventKind kind, Address address, RunThread target, Runnable set, int loc) {
        core.schedulingPoint(me, kind, address, loc);
        core.drain(me);
        set.run();
        core.record(me, kind, loc, address, 1, target.id, 'Z', 0);
    }

    boolean threadIsInterrupted(Thread thread, int loc) {
        RunThread me = core.enter();
        try {
            RunThread target = core.thread(Objects.requireNonNull(thread));
            if (target == null || !me.controlled()) {
                return target != null && target.interrupted;
            }
            core.schedulingPoint(me, EventKind.VOLATILE_READ, threadAddress(target), loc);
            core.record(me, EventKind.VOLATILE_READ, loc, threadAddress(target), target.interrupted ? 1 : 0, 0, 'Z', 0);
            return target.interrupted;
        } finally {
            core.unlock();
        }
    }

    boolean threadInterrupted(int loc) {
        RunThread me = core.enter();
        try {
            if (!me.controlled()) {
                boolean was = me.interrupted;
                me.interrupted = false;
                return was;
            }
            core.schedulingPoint(me, EventKind.ATOMIC_RMW, threadAddress(me), loc);
            core.drain(me);
            boolean was = me.interrupted;
            me.interrupted = false;
            core.record(me, EventKind.ATOMIC_RMW, loc, threadAddress(me), was ? 1 : 0, 0, 'Z', was ? Event.WROTE : 0);
            return was;
        } finally {
            core.unlock();
        }
    }

    /**
     * An interruptible blocking call that an interrupt ended before it got what it waited for: its
     * step is a YIELD at {@code address} (the lock or thread it waited for, or null) naming the
     * {@code usual} event the call records otherwise, then the call consumes the interrupt; the
     * caller throws InterruptedException.
     */
    void endedByInterrupt(RunThread me, EventKind usual, Address address, int flags, int loc) {
        core.record(me, EventKind.YIELD, loc, address, usual.ordinal(), 0, (char) 0, flags | Event.flagsOf(Outcome.INTERRUPTED));
        consumeInterrupt(me, loc);
    }

    /** A blocking operation saw the interrupt flag: it clears it and throws InterruptedException. */
    void consumeInterrupt(RunThread me, int loc) {
        core.drain(me);
        me.interrupted = false;
        core.record(me, EventKind.ATOMIC_RMW, loc, threadAddress(me), 1, 0, 'Z', Event.WROTE);
    }

    boolean threadIsAlive(Thread thread, int loc) {
        RunThread me = core.enter();
        try {
            RunThread target = core.thread(Objects.requireNonNull(thread));
            if (target == null || !me.controlled()) {
                return target != null && !target.ended;
            }
            // A join attempt that does not wait: it returns (the thread is dead) or fails (alive), as its end came or not.
            Outcome outcome = core.blockingPoint(me, new PendingOperation(EventKind.JOIN, threadAddress(target), loc, Event.ATTEMPT),
                    () -> target.ended ? Outcomes.NORMAL : Outcomes.TIMED_OUT, null);
            if (outcome == Outcome.NORMAL) {
                // Seeing a thread dead orders its whole run before this point, as join does.
                core.drain(me);
                core.record(me, EventKind.JOIN, loc, threadAddress(target), 0, target.id, (char) 0, Event.ATTEMPT);
                return false;
            }
            core.record(me, EventKind.YIELD, loc, threadAddress(target), EventKind.JOIN.ordinal(), target.id, (char) 0,
                    Event.ATTEMPT | Event.flagsOf(Outcome.TIMED_OUT));
            return true;
        } finally {
            core.unlock();
        }
    }

    /** {@code System.exit}, {@code Runtime.exit} or {@code Runtime.halt}: the run ends here and cuts every other thread off. */
    void exit(int status, int loc) {
        endRunHere(status, 0, loc, me -> status == 0 ? RunEnd.of(Status.COMPLETED, null) : core.bugs.exit(status, me, loc));
    }

    /**
     * {@code Weft.assume(false)}: the run is no behaviour of the program. It ends there as an exit
     * does (an EXIT event, whose order against the other threads' steps the strategies explore), but
     * as no bug.
     */
    void assumptionFailed(int loc) {
        Location where = core.symbols.locations().get(loc);
        endRunHere(0, Event.ASSUMPTION_FAILED, loc, me -> RunEnd.of(Status.ASSUMPTION_FAILED, "Weft.assume(false)" + (where != null ? " at " + where.fileAndLine() : "")));
    }

    /** The calling thread ends the run at its EXIT event ({@code why}: its value2), once it is its turn. */
    private void endRunHere(int status, int why, int loc, Function<RunThread, RunEnd> how) {
        RunThread me = core.enter();
        try {
            if (me.controlled()) {
                core.schedulingPoint(me, EventKind.EXIT, null, loc);
            }
            core.drain(me);
            int event = core.record(me, EventKind.EXIT, loc, null, status, why, 'I', 0);
            core.endRun(event, me, how.apply(me));
            throw new RunAbort();
        } finally {
            core.unlock();
        }
    }

    // ------------------------------------------------------------------ pool workers

    void awaitingWork(boolean waiting) {
        RunThread me = core.enter();
        try {
            me.awaitingWork = waiting;
        } finally {
            core.unlock();
        }
    }
}
