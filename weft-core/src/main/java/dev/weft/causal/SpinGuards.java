package dev.weft.causal;

import dev.weft.trace.Address;
import dev.weft.trace.BusyWait;
import dev.weft.trace.Event;
import dev.weft.trace.EventKind;
import dev.weft.trace.Trace;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Busy-wait holding, beyond the papers, as the runtime does it ({@link BusyWait}): a LOOP event (a thread's arrival at a
 * loop header after an iteration that changed nothing) happens only after another thread's write to an address the
 * iteration read became visible after the iteration's first read of it; a held wait or park returns spuriously only so.
 * The runtime never lets a held thread go otherwise (when nothing else can move, the run is a livelock), so this is all
 * there is to model. Each guard is the (first read, write) pairs of which one justifies the step; {@link CausalModel}
 * turns them into order constraints.
 */
final class SpinGuards {
    private final Trace trace;
    private final MustHappenBefore mhb;
    private final Function<Address, List<Integer>> writesTo;
    private final Map<Integer, List<int[]>> loopGuards = new HashMap<>();
    private final Map<Integer, List<int[]>> heldWaitGuards = new HashMap<>();

    SpinGuards(Trace trace, MustHappenBefore mhb, Function<Address, List<Integer>> writesTo) {
        this.trace = trace;
        this.mhb = mhb;
        this.writesTo = writesTo;
        for (Event e : trace.events()) {
            if (e.kind() == EventKind.LOOP) {
                loopGuards.put(e.index(), justifications(BusyWait.firstReads(BusyWait.iterationOf(trace, e)).values(), e));
            } else if (e.has(Event.HELD) && (e.kind() == EventKind.WAKE || e.kind() == EventKind.PARK)) {
                Event holder = e.kind() == EventKind.WAKE ? trace.get(mhb.waitBefore(e.index())) : e;
                List<Event> iteration = trace.stepsOf(e.thread()).subList(holder.iterationStart(), e.seq());
                heldWaitGuards.put(e.index(), justifications(BusyWait.firstReads(iteration).values(), e));
            }
        }
    }

    /** For a LOOP event: the (first read, write) pairs of which one justifies it; null for other events. */
    List<int[]> loopGuard(int event) {
        return loopGuards.get(event);
    }

    /** For a {@link Event#HELD} WAKE or PARK step: the pairs of which one lets it return spuriously; null for other events. */
    List<int[]> heldWaitGuard(int step) {
        return heldWaitGuards.get(step);
    }

    /** Of a guard's (first read, write) pairs, the visibility event of one the order places between the read and {@code before}; -1 if none. */
    static int justifyingWrite(MustHappenBefore mhb, List<int[]> options, int[] position, int before) {
        for (int[] option : options) {
            int visible = mhb.visibility(option[1]);
            if (position[option[0]] < position[visible] && position[visible] < before) {
                return visible;
            }
        }
        return -1;
    }

    /** The (first read, write) pairs of which one justifies {@code step}: another thread's write to the read's address, visible after the read and before the step. */
    private List<int[]> justifications(Collection<Event> firstReads, Event step) {
        List<int[]> options = new ArrayList<>();
        for (Event read : firstReads) {
            for (int w : writesTo.apply(read.address())) {
                int visible = mhb.visibility(w);
                if (BusyWait.releases(trace.get(w).thread(), step.thread()) && visible >= 0
                        && !mhb.precedes(visible, read.index()) && !mhb.precedes(step.index(), visible)) {
                    options.add(new int[] {read.index(), w});
                }
            }
        }
        return options;
    }
}
