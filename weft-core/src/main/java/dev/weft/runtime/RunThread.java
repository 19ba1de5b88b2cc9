package dev.weft.runtime;

import dev.weft.trace.Address;
import dev.weft.trace.Choice;
import dev.weft.trace.EventKind;
import dev.weft.trace.Outcome;
import java.lang.invoke.MethodType;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.locks.Condition;
import java.util.function.BooleanSupplier;
import java.util.function.IntSupplier;
import java.util.function.Supplier;

/** The runtime's record of one program thread in one run. Guarded by the run's lock. */
final class RunThread {
    /** A read between its scheduling point ({@code before*}) and {@code afterLoad}. */
    record PendingRead(Address address, EventKind kind, char type, int location, int flags, dev.weft.trace.AccessMode mode) {
    }

    /** An atomic operation between {@code beforeAtomic} and {@code afterAtomic}. */
    record PendingAtomic(AtomicCell cell, EventKind kind, Address address, int location, long before) {
    }

    final int id;
    final String name;
    final Thread jvm;
    final boolean daemon;
    /** Signalled when this thread gets the turn, or when the run is over. */
    final Condition turn;
    final StoreBuffer buffer = new StoreBuffer();
    final LoopWatch loops = new LoopWatch();
    /** The choices that step this thread, one per {@link Outcome}: one instance each for the run, not one per scheduling point. */
    final Choice[] steps = new Choice[Outcome.values().length];

    int seq;
    int children;
    int allocations;
    int foreignObjects;
    int randomSeeds;
    long clockNanos;
    SplittableRandom random;
    /** Stands for threads that call before the run starts: nothing they do is controlled or recorded. */
    boolean uncontrolled;
    /**
     * Classes whose initialisation ended (normally or not) before this thread's current point in every run
     * that keeps its events: it checked them, initialised them, or inherited them from the thread that
     * started it or a thread it joined. Using them needs no check of the initialisation lock.
     */
    final Set<Class<?>> initialisationsSeen = Collections.newSetFromMap(new IdentityHashMap<>());
    int lastLocation = -1;

    boolean begun;
    /** Stepped by a schedule choice and not yet recorded the event that choice performs. */
    boolean stepped;
    /** Has buffered a write at some point of the run (TSO/PSO): its end is then a scheduling choice. */
    boolean everBuffered;
    boolean ended;
    boolean interrupted;
    boolean permit;
    /** A modelled pool's worker between its announcements that it waits for work and that it stopped waiting. */
    boolean awaitingWork;
    int abortsAfterEnd;
    /** Set (without the run's lock) when the thread kept running after its run ended and was parked for good. */
    volatile boolean parkedForGood;
    /** Set between FORK and the child's first stop: the parent continues its step then. */
    RunThread handBackTo;

    /** While in Object.wait: the monitor whose JVM lock the thread releases by really waiting on it. */
    Object jvmMonitor;
    PendingOperation pending;
    /** Whether the pending operation can happen now; or null when {@link #outcomes} says so for a blocking call. */
    BooleanSupplier enabled;
    /** For a blocking call: the {@link Outcomes} it can have now (none: it cannot happen now). */
    IntSupplier outcomes;
    /** How the step the schedule chose last returns. */
    Outcome outcome = Outcome.NORMAL;
    Supplier<String> waitsFor;
    PendingRead read;
    PendingAtomic atomic;
    /** Events of the thread's current step not recorded yet (a JDK call's, recorded when it returns): recorded before its next scheduling point. */
    Runnable owedEvents;
    /** At a JDK call's scheduling point, where it waits while another thread is inside a call on the same object. */
    boolean waitsForJdkCall;

    RunThread(int id, String name, Thread jvm, boolean daemon, Condition turn) {
        this.id = id;
        this.name = name;
        this.jvm = jvm;
        this.daemon = daemon;
        this.turn = turn;
        for (Outcome o : Outcome.values()) {
            steps[o.ordinal()] = Choice.step(id, o);
        }
    }

    /** Whether the runtime controls (schedules and records) what the thread does: every program thread. */
    boolean controlled() {
        return !uncontrolled;
    }

    SplittableRandom random() {
        if (random == null) {
            random = new SplittableRandom(name.hashCode());
        }
        return random;
    }

    /** The JVM thread's state, as the JDK's own {@code Thread.getState} tells it (never a program override). */
    Thread.State jvmState() {
        return (Thread.State) JdkMethods.call(jvm, Thread.class, "getState", MethodType.methodType(Thread.State.class));
    }
}
