package dev.weft.trace;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The busy-wait rule, stated once: the runtime applies it as a run goes, MCR's causal model and
 * DPOR reason with it about the runs it shaped.
 *
 * <p>A <em>pure</em> loop is one whose iterations leave no state behind except in the thread's
 * locals and in shared memory Weft records; instrumentation decides that from the bytecode
 * ({@code dev.weft.instrument.LoopFinder}) and reports, at every arrival at the loop's header, the
 * locals its iterations change. An iteration of a pure loop is a <em>repeat</em> when the thread
 * arrives at the header with those locals as they were when the iteration began, and the
 * iteration's own steps were {@link #isClean clean}: it wrote nothing and released no lock it held
 * before. From the same header state the next iteration reads the same addresses; while no other
 * thread has made a write to one of them visible since the iteration first read it, it reads the
 * same values, takes the same path and arrives at the header in the same state once more. So the
 * runtime holds the thread back at the header (a {@link EventKind#LOOP} step) until such a write
 * appears, and nothing the program could reach is lost. When nothing else can move, the held
 * thread would spin for ever: the run is a livelock.
 *
 * <p>A write is visible at its event, or under TSO/PSO at its flush. The thread's own flushes
 * never release it: its reads of an address it wrote see its own newest write either way.
 *
 * <p>A guarded wait ({@code while (!ready) lock.wait();}) under spurious wake-ups: an iteration
 * whose waits and parks all returned spuriously (taking no notification, permit or interrupt) is
 * clean too, for it changed nothing but let other threads run meanwhile, as a thread still waiting
 * does. Such a repeat is not held at the header, where the thread may hold the lock its waits
 * release, but at its next wait or park (a {@link Event#HELD} step): that one may not wake
 * spuriously until another thread's write to what the repeated iteration read is visible after its
 * first read there. Until then the next iteration reads the same values and comes back to the same
 * wait, so a spurious return from it would lead to the state the held thread is already in (its
 * place in a wait set aside: a notify may wake any waiter; a {@code Condition}'s signal, which
 * goes to its longest waiter, would see the thread moved to the end of the queue once more). It
 * still returns when notified, timed out or interrupted.
 *
 * <p>A weak compare-and-set that failed spuriously keeps its iteration clean as a failed one does,
 * and its repeat is held the same way, at its next weak compare-and-set, which then may only succeed
 * or fail for real: a retry loop goes on, as it does on a JVM, and the iteration that failed
 * spuriously again, having changed nothing, could be left out of the run.
 */
public final class BusyWait {
    private BusyWait() {
    }

    /**
     * Whether a thread's step keeps its iteration clean: reads that write nothing, yields, fences,
     * arrivals at the headers of inner loops, and lock operations (which must balance, see
     * {@link #isClean}), and a wait or park that returned spuriously. A write, a wait or park that
     * took a notification, a permit or an interrupt or timed out, a thread's start or join, an
     * interrupt end the chance of a repeat: the next iteration starts from another state.
     */
    public static boolean keepsIterationClean(Event e) {
        return switch (e.kind()) {
            case READ, VOLATILE_READ, YIELD, LOOP, LOCK, UNLOCK, FENCE, WAIT -> true;
            case ATOMIC_RMW -> !e.wrote();
            case WAKE, PARK -> e.outcome() == Outcome.SPURIOUS;
            default -> false;
        };
    }

    /**
     * Whether a clean iteration waited (and woke spuriously) or had a weak compare-and-set fail
     * spuriously: its repeat is held at its next wait, park or weak compare-and-set, not at the header
     * (which would hold a retry loop for ever where nothing else writes what it reads).
     */
    public static boolean waited(List<Event> iteration) {
        for (Event e : iteration) {
            if (e.kind() == EventKind.WAKE || e.kind() == EventKind.PARK || e.kind() == EventKind.ATOMIC_RMW && e.outcome() == Outcome.SPURIOUS) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether an iteration's steps (its thread's events, flushes excluded) are clean: each keeps it
     * clean, and its lock operations pair up inside it, so that the thread holds at the header just
     * what it held when the iteration began and never released one of those locks on the way (a
     * thread held at the header keeps its locks; one that released them mid-iteration let others in).
     */
    public static boolean isClean(List<Event> iteration) {
        Set<Address> acquired = new HashSet<>();
        for (Event e : iteration) {
            if (!keepsIterationClean(e)) {
                return false;
            }
            if (e.kind() == EventKind.LOCK) {
                acquired.add(e.address());
            } else if (e.kind() == EventKind.UNLOCK && !acquired.remove(e.address())) {
                return false;
            }
        }
        return acquired.isEmpty();
    }

    /** The first read of each location that holds a value (memory, an interrupt status) among an iteration's events, in the order of those reads. */
    public static Map<Address, Event> firstReads(List<Event> iteration) {
        Map<Address, Event> first = new LinkedHashMap<>();
        for (Event e : iteration) {
            if (e.readsLocation()) {
                first.putIfAbsent(e.address(), e);
            }
        }
        return first;
    }

    /**
     * Whether a write by thread {@code writer} to an address the iteration read, visible after the
     * iteration's first read of it, releases thread {@code spinner} held at the header: only another
     * thread's writes do.
     */
    public static boolean releases(int writer, int spinner) {
        return writer != spinner;
    }

    /**
     * The iteration a LOOP event ends: its thread's steps from {@link Event#iterationStart()} on
     * (flushes are not steps). For a held WAIT or PARK: the repeated iteration and the steps of the
     * next one up to it, which read what the repeated one read, first there.
     */
    public static List<Event> iterationOf(Trace trace, Event loop) {
        return trace.stepsOf(loop.thread()).subList(loop.iterationStart(), loop.seq());
    }
}
