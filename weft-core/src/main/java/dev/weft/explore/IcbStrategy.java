package dev.weft.explore;

import dev.weft.runtime.SchedulePolicy;
import dev.weft.runtime.SchedulingPoint;
import dev.weft.trace.Choice;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.RunResult;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * Iterative context bounding: every run with no preemption, then every run with exactly one, then
 * two, up to a bound. A preemption is a switch away from an actor ({@link Actor}: a thread, or
 * under TSO/PSO a store buffer) that could still move; switching when it blocked, ended or emptied
 * is free, and those free choices are all explored.
 *
 * <p>Implements the iterative context-bounding search of Musuvathi and Qadeer, "Iterative Context
 * Bounding for Systematic Testing of Multithreaded Programs", PLDI 2007, Section 3 (the CHESS
 * algorithm): runs at bound c+1 start from the schedule prefixes that end in a preemption not
 * taken at bound c, so no run is made twice. Departure: the paper counts threads only; store
 * buffers count as actors of their own here, so publishing a buffered write while its thread could
 * go on is a preemption too.
 */
public final class IcbStrategy implements Strategy {

    private final MemoryModel model;
    private final int bound;
    /** Prefixes ending in their {@code preemptions}-th preemption, still to explore. */
    private ArrayDeque<List<Choice>> prefixes = new ArrayDeque<>();
    /** Prefixes ending in one more preemption, for the next bound. */
    private ArrayDeque<List<Choice>> deeper = new ArrayDeque<>();
    private int preemptions;
    private List<Choice> prefix = List.of();
    /** Free choices beyond the prefix. */
    private final ChoiceTree tree = new ChoiceTree();
    private final List<Choice> taken = new ArrayList<>();
    private boolean started;
    private boolean boundReached;
    private int bugBound = -1;

    /** @param bound the most preemptions a run may make (the command line's {@code --preemption-bound}) */
    public IcbStrategy(MemoryModel model, int bound) {
        if (bound < 0) {
            throw new IllegalArgumentException("preemption bound must be at least 0, got " + bound);
        }
        this.model = model;
        this.bound = bound;
    }

    @Override
    public String name() {
        return "icb";
    }

    /** The number of preemptions of the runs being made now (after a bug: of the run that found it). */
    public int currentBound() {
        return preemptions;
    }

    /** The preemption bound at which the first bug was found, or -1 if none was. */
    public int bugBound() {
        return bugBound;
    }

    @Override
    public SchedulePolicy nextRun() {
        if (started && !tree.advance() && !nextPrefix()) {
            return null;
        }
        started = true;
        taken.clear();
        return this::choose;
    }

    private boolean nextPrefix() {
        if (prefixes.isEmpty()) {
            if (deeper.isEmpty()) {
                return false;
            }
            ArrayDeque<List<Choice>> next = deeper;
            deeper = prefixes;
            prefixes = next;
            preemptions++;
        }
        prefix = prefixes.poll();
        return true;
    }

    private Choice choose(SchedulingPoint point) {
        int depth = point.steps();
        Choice choice;
        if (depth < prefix.size()) {
            choice = prefix.get(depth);
        } else {
            choice = tree.choose(depth - prefix.size(), () -> alternatives(point));
        }
        taken.add(choice);
        return choice;
    }

    /** Continuing the last actor if it can, else every enabled choice; the preemptions not taken wait for the next bound. */
    private List<Choice> alternatives(SchedulingPoint point) {
        List<Choice> enabled = point.enabled();
        Choice continuing = taken.isEmpty() ? null : Actor.of(taken.get(taken.size() - 1), model).choiceIn(enabled, model);
        if (continuing == null) {
            return List.copyOf(enabled);
        }
        for (Choice other : enabled) {
            if (other.equals(continuing)) {
                continue;
            }
            if (preemptions < bound) {
                List<Choice> preempted = new ArrayList<>(taken);
                preempted.add(other);
                deeper.add(List.copyOf(preempted));
            } else {
                boundReached = true;
            }
        }
        return List.of(continuing);
    }

    @Override
    public void runFinished(RunResult result) {
        if (result.status() == RunResult.Status.BUG && bugBound < 0) {
            bugBound = preemptions;
        }
    }

    /** True only when no run wanted a preemption beyond the bound: then the bound covered every run. */
    @Override
    public boolean exhaustive() {
        return !boundReached;
    }

    @Override
    public long pending() {
        return prefixes.size() + deeper.size() + tree.open();
    }
}
