package dev.weft.runtime;

import dev.weft.runtime.hooks.Hooks;
import dev.weft.trace.Address;
import dev.weft.trace.EventKind;
import dev.weft.trace.Location;
import dev.weft.trace.IncompleteReason;
import dev.weft.trace.RunResult.Status;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Arrivals at loop headers, which instrumented code reports on every edge into the header of a loop
 * that touches shared state or calls a method (see {@code dev.weft.instrument.LoopVisitor}). Each
 * thread's {@link LoopWatch} decides what an arrival calls for: nothing, a LOOP step at which the
 * busy-wait rule holds the thread until another thread's write releases it, or the end of the run
 * when a loop repeated its iterations more often in a row than the loop bound allows.
 */
final class Loops {
    private final Scheduler core;
    private final int bound;

    Loops(Scheduler core, RunConfig config) {
        this.core = core;
        this.bound = config.loopBound();
    }

    int loopEnter(int loc, int kind, int enclosing) {
        RunThread me = core.enter();
        try {
            if (!me.controlled()) {
                return 0;
            }
            return me.loops.enter(loc, isPure(kind), enclosing, core.recording.nextIndex(), me.seq);
        } finally {
            core.unlock();
        }
    }

    void loopBack(int loc, int kind, int token) {
        RunThread me = core.enter();
        try {
            if (!me.controlled()) {
                return;
            }
            LoopWatch.Arrival arrival = me.loops.back(loc, isPure(kind), (kind & Hooks.LOOP_JDK) != 0, token, core.recording.nextIndex(),
                    me.seq, bound);
            if (arrival.cut()) {
                String cut = "loop bound " + bound + " reached at " + where(loc) + " in thread " + me.name;
                core.recording.incomplete(IncompleteReason.of("loop-bound", cut));
                core.finish(RunEnd.of(Status.CUT, cut));
                throw new RunAbort();
            }
            if (arrival.isLoopStep()) {
                loopStep(me, loc, token, arrival);
            }
        } finally {
            core.unlock();
        }
    }

    /** The thread is held at the header until its watch is released; then the LOOP event, and the next iteration. */
    private void loopStep(RunThread me, int loc, int token, LoopWatch.Arrival arrival) {
        Set<Address> awaited = arrival.awaited();
        core.schedulingPoint(me, PendingOperation.loop(loc, awaited), me.loops::released,
                () -> "spins at " + where(loc) + (awaited.isEmpty() ? " reading nothing another thread can change"
                        : " until another thread writes " + awaited.stream().map(core.symbols::describe).collect(Collectors.joining(", "))));
        core.record(me, EventKind.LOOP, loc, null, arrival.iterationStart(), 0, (char) 0, 0);
        me.loops.afterLoopStep(token, core.recording.nextIndex(), me.seq);
    }

    void loopLocal(long value) {
        RunThread me = core.enter();
        try {
            if (me.controlled()) {
                me.loops.pendingLocal(value);
            }
        } finally {
            core.unlock();
        }
    }

    void loopLocal(Object value) {
        RunThread me = core.enter();
        try {
            if (me.controlled()) {
                me.loops.pendingLocal(value);
            }
        } finally {
            core.unlock();
        }
    }

    private static boolean isPure(int kind) {
        return (kind & Hooks.LOOP_PURE) != 0;
    }

    private String where(int loc) {
        Location location = core.symbols.locations().get(loc);
        return location == null ? "an unknown place" : location.fileAndLine();
    }
}
