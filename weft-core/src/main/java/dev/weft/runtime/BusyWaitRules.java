package dev.weft.runtime;

import dev.weft.trace.Address;
import dev.weft.trace.BusyWait;
import dev.weft.trace.Event;
import java.util.List;

/**
 * Where the runtime applies the busy-wait rule ({@link BusyWait}) and the loop bound: it shows each
 * thread's {@link LoopWatch} the steps the thread records and the writes other threads make
 * visible. The arrivals at loop headers are {@link Loops}' to handle; a thread the rule holds back
 * waits there at a LOOP scheduling point that only another thread's write enables.
 */
final class BusyWaitRules {
    /** The run's threads (the scheduler's registry, read only here). */
    private final List<RunThread> threads;

    BusyWaitRules(List<RunThread> threads) {
        this.threads = threads;
    }

    /** {@code me} recorded {@code e}: its watch sees the step, and a write made visible may release other threads. */
    void recorded(RunThread me, Event e) {
        me.loops.recorded(e);
        if (e.writesLocation() && !e.has(Event.BUFFERED)) {
            madeVisible(me.id, e.address(), e.index()); // an interrupt too: a loop re-reading isInterrupted() waits for one
        }
    }

    /** Thread {@code writer}'s write to {@code address} became visible to every thread, at trace index {@code index}. */
    void madeVisible(int writer, Address address, int index) {
        for (int i = 0; i < threads.size(); i++) {
            RunThread t = threads.get(i);
            if (BusyWait.releases(writer, t.id)) {
                t.loops.foreignWrite(address, index);
            }
        }
    }
}
