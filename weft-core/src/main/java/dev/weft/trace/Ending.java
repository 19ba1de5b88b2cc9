package dev.weft.trace;

import java.util.List;
import java.util.Set;

/**
 * How a run ended, when one of its own events ended it: the program's exit ({@link EventKind#EXIT})
 * or the {@link EventKind#END} of the last thread that kept the run going (the last non-daemon
 * thread, as a JVM ends). Whatever the other threads were about to do then never happened: the end
 * is an event whose order against their steps is part of what a run is, and the strategies ask for
 * runs in which those steps come first.
 *
 * @param event      trace index of the ending event (the last event of the trace)
 * @param expendable the threads whose steps this end may come before: for an exit every thread
 *                   but the exiting one, for the end of the last non-daemon thread the daemon threads
 * @param cutOff     what the end cut off: each thread still alive, with the operation it was about
 *                   to perform, and under TSO/PSO each buffered write that could have been flushed
 */
public record Ending(int event, Set<Integer> expendable, List<CutOff> cutOff) {

    public Ending {
        expendable = Set.copyOf(expendable);
        cutOff = List.copyOf(cutOff);
    }

    /**
     * One step the end cut off.
     *
     * @param choice   the choice that performs it: a step of the thread, or a flush of its buffered write
     * @param kind     the operation ({@link EventKind#FLUSH} for a flush)
     * @param address  the location, lock or thread it touches, or null
     * @param location its program location id, or -1
     * @param enabled  whether it could have happened instead of the end (false while its thread was
     *                 blocked on a lock, a join, a wait, or held back as a busy-wait)
     */
    public record CutOff(Choice choice, EventKind kind, Address address, int location, boolean enabled) {
    }

    /** Whether the end may come before {@code thread}'s steps (so that the thread does not perform them). */
    public boolean mayCutOff(int thread) {
        return expendable.contains(thread);
    }
}
