package dev.weft.explore;

import dev.weft.trace.Address;
import dev.weft.trace.Choice;
import dev.weft.trace.MemoryModel;
import java.util.List;

/**
 * What one choice advances, as a process of its own: a thread, or a store buffer whose flushes
 * publish its writes one by one (one buffer per thread under TSO, one per thread and address under
 * PSO). Treating buffers as processes is what makes DPOR, preemption bounding and PCT cover the
 * relaxed behaviours of TSO and PSO.
 *
 * @param thread  the thread, or the thread owning the buffer
 * @param buffer  true for a store buffer
 * @param address the buffer's address under PSO; null for threads and TSO buffers
 */
record Actor(int thread, boolean buffer, Address address) {

    static Actor thread(int thread) {
        return new Actor(thread, false, null);
    }

    /** Under any model other than PSO a thread has a single buffer, whatever address its head holds. */
    static Actor of(Choice choice, MemoryModel model) {
        if (!choice.isFlush()) {
            return thread(choice.thread());
        }
        return new Actor(choice.thread(), true, model == MemoryModel.PSO ? choice.flush() : null);
    }

    /** The choice among {@code enabled} that advances this actor, or null when it cannot move. */
    Choice choiceIn(List<Choice> enabled, MemoryModel model) {
        for (Choice c : enabled) {
            if (of(c, model).equals(this)) {
                return c;
            }
        }
        return null;
    }
}
