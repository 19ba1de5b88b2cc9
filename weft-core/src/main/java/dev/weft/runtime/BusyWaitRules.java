package dev.weft.runtime;

import dev.weft.trace.Address;
import dev.weft.trace.Event;
import java.util.List;

/**
 * Where the runtime applies the busy-wait rules of {@link SpinWatch}: it shows each thread's watch
 * the events the thread records and the writes other threads make visible, and tells the
 * {@link Scheduler} which threads the rules hold back. The rules themselves are {@link SpinWatch}'s.
 */
final class BusyWaitRules {
    /** The run's threads (the scheduler's registry, read only here). */
    private final List<RunThread> threads;
    /** Answers whether a thread holds a lock: the rules hold a spinner back only where it holds none. */
    private Locks locks;

    BusyWaitRules(List<RunThread> threads) {
        this.threads = threads;
    }

    /** The part that knows which locks a thread holds; it holds the scheduler, so it is handed over after both exist. */
    void consult(Locks locks) {
        this.locks = locks;
    }

    /**
     * {@code me} recorded {@code e}: a read enters the thread's window, an operation other than a
     * yield or a lock's acquire or release starts a new window, and a write made visible may justify
     * another thread's repeated read.
     */
    void recorded(RunThread me, Event e, int loc, Address address) {
        switch (e.kind()) {
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
        if (e.writesLocation() && !e.has(Event.BUFFERED)) {
            madeVisible(address); // an interrupt too: a loop re-reading isInterrupted() waits for one
        }
    }

    /** A write to {@code address} became visible to every thread. */
    void madeVisible(Address address) {
        for (int i = 0; i < threads.size(); i++) {
            RunThread t = threads.get(i);
            t.spin.written(address);
        }
    }

    /** A spinner is held back only where it holds no lock, so that blocking it never blocks the threads it waits for. */
    boolean holdsBack(RunThread t) {
        return t.spin.blocks(t.pending) && !locks.holdsAnyLock(t);
    }

    /** The schedule stepped {@code chosen}. */
    void stepped(RunThread chosen) {
        if (!locks.holdsAnyLock(chosen)) {
            chosen.spin.steppedHoldingNoLock();
        }
    }

    /** No thread can move: exempts every spinner the rules hold back, if any, for the rest of the run. */
    boolean exemptSpinners(List<RunThread> live) {
        boolean any = false;
        for (RunThread t : live) {
            if (t.spin.blocks(t.pending)) {
                t.spin.makeExempt();
                any = true;
            }
        }
        return any;
    }
}
