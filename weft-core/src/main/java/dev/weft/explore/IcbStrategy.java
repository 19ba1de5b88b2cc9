package dev.weft.explore;

import dev.weft.runtime.SchedulePolicy;
import dev.weft.runtime.SchedulingPoint;
import dev.weft.trace.Choice;
import dev.weft.trace.IncompleteReason;
import dev.weft.trace.RunResult;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * Iterative context bounding: every run with no preemption, then every run with exactly one, then
 * two, up to a bound. The running thread (the one whose step was chosen last) goes on while it
 * can; when it blocks or ends, any enabled thread may take over for free, and all those free
 * choices are explored. Any other choice is a preemption. Under TSO/PSO that makes buffered writes
 * publish as late as possible: a flush is free only when no thread can step (and then only the
 * first one offered); publishing earlier, or in another order, costs a preemption.
 *
 * <p>Implements the iterative context-bounding search of Musuvathi and Qadeer, "Iterative Context
 * Bounding for Systematic Testing of Multithreaded Programs", PLDI 2007, Section 3 (the CHESS
 * algorithm): runs at bound c+1 start from the schedule prefixes that end in a preemption not
 * taken at bound c, so no run is made twice. Departure: the paper knows no store buffers; flushes
 * are scheduled as described above.
 */
public final class IcbStrategy implements Strategy {

    private final int bound;
    /** Prefixes ending in their {@code preemptions}-th preemption, still to explore. */
    private ArrayDeque<List<Choice>> prefixes = new ArrayDeque<>();
    /** Prefixes ending in one more preemption, for the next bound. */
    private ArrayDeque<List<Choice>> deeper = new ArrayDeque<>();
    private int preemptions;
    private List<Choice> prefix = List.of();
    /** Free choices beyond the prefix. */
    private final ChoiceTree tree;
    private final List<Choice> taken = new ArrayList<>();
    /** The thread whose step was chosen last in this run, or -1 before the first. */
    private int running = -1;
    private boolean started;
    /** Preemptions runs wanted beyond the bound, which no run makes. */
    private long preemptionsCut;
    private int bugBound = -1;

    /** @param bound the most preemptions a run may make (the command line's {@code --preemption-bound}) */
    public IcbStrategy(int bound) {
        if (bound < 0) {
            throw new IllegalArgumentException("preemption bound must be at least 0, got " + bound);
        }
        this.bound = bound;
        this.tree = new ChoiceTree();
    }

    /** A share: the free choices of {@code tree} after {@code prefix}, then {@code prefixes}, all with {@code preemptions} preemptions. */
    private IcbStrategy(int bound, int preemptions, List<Choice> prefix, ChoiceTree tree, List<List<Choice>> prefixes) {
        this.bound = bound;
        this.preemptions = preemptions;
        this.prefix = prefix;
        this.tree = tree;
        this.prefixes.addAll(prefixes);
    }

    /**
     * The open free choices below this run's prefix, else half the prefixes left at this run's bound,
     * else half those of the next bound. A share goes on to the bounds above on its own, so bounds are
     * iterated per share: all runs up to the bound are still made, though not all runs of a bound before
     * any of the next.
     */
    @Override
    public Strategy split() {
        ChoiceTree free = tree.split();
        if (free != null) {
            return new IcbStrategy(bound, preemptions, prefix, free, List.of());
        }
        if (prefixes.size() >= 2) {
            return new IcbStrategy(bound, preemptions, prefixes.poll(), new ChoiceTree(), half(prefixes));
        }
        if (deeper.size() >= 2) {
            return new IcbStrategy(bound, preemptions + 1, deeper.poll(), new ChoiceTree(), half(deeper));
        }
        return null;
    }

    /** Takes the last half of {@code prefixes} out of it. */
    private static List<List<Choice>> half(ArrayDeque<List<Choice>> prefixes) {
        List<List<Choice>> taken = new ArrayList<>();
        for (int n = prefixes.size() / 2; n > 0; n--) {
            taken.add(0, prefixes.pollLast());
        }
        return taken;
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
        running = -1;
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
        if (!choice.isFlush()) {
            running = choice.thread();
        }
        return choice;
    }

    /** The free choices at this point; the preemptions not taken wait for the next bound. */
    private List<Choice> alternatives(SchedulingPoint point) {
        List<Choice> enabled = point.enabled();
        List<Choice> free = freeChoices(enabled);
        for (Choice other : enabled) {
            if (free.contains(other)) {
                continue;
            }
            if (preemptions < bound) {
                List<Choice> preempted = new ArrayList<>(taken);
                preempted.add(other);
                deeper.add(List.copyOf(preempted));
            } else {
                preemptionsCut++;
            }
        }
        return free;
    }

    /**
     * The running thread's steps if it can move (each way a blocking call of it can return); else
     * every enabled thread's steps; else the first flush offered. A spurious wake-up is never free:
     * it costs a preemption, like any switch nothing forced.
     */
    private List<Choice> freeChoices(List<Choice> enabled) {
        List<Choice> continuing = enabled.stream().filter(c -> !c.isFlush() && !c.isSpurious() && c.thread() == running).toList();
        if (!continuing.isEmpty()) {
            return continuing;
        }
        List<Choice> steps = enabled.stream().filter(c -> !c.isFlush() && !c.isSpurious()).toList();
        return steps.isEmpty() ? List.of(enabled.get(0)) : steps;
    }

    @Override
    public void runFinished(RunResult result) {
        if (result.status() == RunResult.Status.BUG && bugBound < 0) {
            bugBound = preemptions;
        }
    }

    /** None only when no run wanted a preemption beyond the bound: then the bound covered every run. */
    @Override
    public List<IncompleteReason> incompleteReasons() {
        return preemptionsCut == 0 ? List.of() : List.of(new IncompleteReason("preemption-bound",
                "a preemption beyond the bound of " + bound + " was not explored (--preemption-bound)", preemptionsCut));
    }

    @Override
    public long pending() {
        return prefixes.size() + deeper.size() + tree.open();
    }
}
