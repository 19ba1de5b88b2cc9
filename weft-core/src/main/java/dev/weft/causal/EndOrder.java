package dev.weft.causal;

import dev.weft.solver.Formula;
import dev.weft.trace.Choice;
import dev.weft.trace.Ending;
import dev.weft.trace.Event;
import dev.weft.trace.EventKind;
import dev.weft.trace.Trace;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * The run's end as an event of the causal model (beyond the papers, whose runs end when no thread
 * can move: mcr-systematic-testing §3.1 takes a program's states to be those of its maximal runs).
 * A Java run ends at its exit, or when its last non-daemon thread ends, and whatever the other
 * threads were about to do then never happens ({@link Ending}). How far each thread the end may cut
 * off got is then part of the run's state, as if the end read each one's progress; the queries here
 * give those reads new values, as {@link SeedQuery.NewValue} does for the virtual reads of final values:
 * <ul>
 *   <li>less progress, the end before a step the trace holds ({@link SeedQuery.EndBefore}): an
 *       event of a thread the end may cut off (every other thread for an exit, the daemon threads
 *       for the end of the last non-daemon thread) comes after the cut instead of before the end,
 *       and never happens. The base constraints say what an end inside the prefix means: nothing of
 *       the prefix follows it, and every event of a thread it cannot cut off precedes it;</li>
 *   <li>one step more ({@link SeedQuery.StepBeforeEnd}): what a cut-off thread was about to do,
 *       before the end. No trace holds it, so its seed is the run's own order up to the end, then
 *       that step, then the end.</li>
 * </ul>
 * As for final values, a query about one thread keeps the progress of the threads before it (in
 * thread order) as the trace has it, and fixes both for the seed's descendants ({@link #stopped()}:
 * their end stays right after the same events), so that every combination of progress is reached
 * and none twice. Every other query asks for something after the prefix, which only a run that goes
 * on past it can do: the end is then after the cut ({@link #goesOn()}).
 */
final class EndOrder {
    private final CausalModel model;
    private final Trace trace;
    private final Ending ending;
    private final int end;
    /**
     * What the run's seed fixed: the end comes right after the stopped threads' last events of the
     * trace, and queries are only about threads after them, and about a growing one's next step.
     */
    private final EndProgress progress;
    /** The events the end may come before: of a thread it may cut off, and not bound to precede it. */
    private final BitSet cuttable = new BitSet();

    EndOrder(CausalModel model, Ending ending, EndProgress progress) {
        this.model = model;
        this.trace = model.trace();
        this.ending = ending;
        this.end = ending.event();
        this.progress = progress;
        MustHappenBefore mhb = model.mustHappenBefore();
        for (int e = 0; e < end; e++) {
            if (ending.mayCutOff(trace.get(e).thread()) && !mhb.precedes(e, end)) {
                cuttable.set(e);
            }
        }
    }

    int end() {
        return end;
    }

    EndProgress progress() {
        return progress;
    }

    /** An end inside the prefix is its last event there, and follows every event of the threads it cannot cut off. */
    List<Formula> baseConstraints() {
        List<Formula> constraints = new ArrayList<>();
        if (cuttable.isEmpty()) {
            return constraints;
        }
        int cut = model.cut();
        for (int e = 0; e < end; e++) {
            if (model.mustHappenBefore().precedes(e, end)) {
                continue;
            }
            List<Formula> options = new ArrayList<>(List.of(model.atom(cut, end), model.atom(e, end)));
            if (cuttable.get(e)) {
                options.add(model.atom(cut, e));
            }
            constraints.add(CausalModel.any(options));
        }
        return constraints;
    }

    /** The run goes on after the prefix: the end is not in it (true when the end can cut nothing off the trace's events). */
    Formula goesOn() {
        return cuttable.isEmpty() ? Formula.TRUE : model.atom(model.cut(), end);
    }

    /**
     * Whether {@code read} is the last event of its thread because the run's seed fixed the end right
     * after it: a read a seed may still give a new value inside the prefix, with nothing of its thread after it.
     */
    boolean cutsOffAfter(int read) {
        return model.isFixed(end) && progress.stopped().contains(trace.get(read).thread());
    }

    /**
     * The end before each step a choice took in a thread it may cut off, then each cut-off step that
     * could have come first: for the threads after the last one whose progress is fixed, and one
     * more step of a growing one (less would be a state its seed's siblings reach).
     */
    List<SeedQuery> queries() {
        List<SeedQuery> queries = new ArrayList<>();
        for (int e = cuttable.nextSetBit(0); e >= 0; e = cuttable.nextSetBit(e + 1)) {
            if (trace.get(e).has(Event.CHOSEN) && !model.isFixed(e) && free(trace.get(e).thread())) {
                queries.add(new SeedQuery.EndBefore(e));
            }
        }
        for (int i = 0; i < ending.cutOff().size(); i++) {
            Ending.CutOff cutOff = ending.cutOff().get(i);
            int thread = cutOff.choice().thread();
            if (cutOff.enabled() && (free(thread) || progress.growing().contains(thread))) {
                queries.add(new SeedQuery.StepBeforeEnd(i));
            }
        }
        return queries;
    }

    /** A thread the end may cut off, after every thread whose progress is fixed (in thread order). */
    private boolean free(int thread) {
        return ending.mayCutOff(thread) && progress.stopped().stream().allMatch(fixed -> fixed < thread);
    }

    /** Of a thread whose progress a query about {@code thread} keeps: one the end cannot cut off, one before it, or it. */
    private boolean keptBy(int other, int thread) {
        return !ending.mayCutOff(other) || other <= thread;
    }

    /** The end in the prefix, the cut-off event right after the cut, everything it and the threads before it must keep before it. */
    List<Formula> assumptions(SeedQuery.EndBefore query) {
        int cut = model.cut();
        List<Formula> assumptions = new ArrayList<>(List.of(model.atom(end, cut), model.atom(cut, query.event())));
        for (int root : roots(query)) {
            assumptions.add(model.atom(root, cut));
            assumptions.add(model.heldIfTarget(root));
        }
        return assumptions;
    }

    /**
     * What an end-before seed needs: the end, what the cut-off event follows, every event of the
     * threads the end cannot cut off and of the threads before the cut-off one, whose progress it
     * keeps, and the events of the cut-off one's thread that need not follow it: under TSO/PSO the
     * flushes of its other writes (an exit that cuts off one flush of a thread, after another).
     */
    List<Integer> roots(SeedQuery.EndBefore query) {
        List<Integer> roots = new ArrayList<>(List.of(end));
        MustHappenBefore mhb = model.mustHappenBefore();
        for (int p : mhb.predecessors(query.event())) {
            roots.add(p);
        }
        int thread = trace.get(query.event()).thread();
        for (int e = 0; e < end; e++) {
            int of = trace.get(e).thread();
            boolean kept = of == thread ? e != query.event() && !mhb.precedes(query.event(), e) : keptBy(of, thread);
            if (kept) {
                roots.add(e);
            }
        }
        return roots;
    }

    /** The threads whose progress a query about {@code thread} fixes for the seed's descendants: the fixed ones, the ones before it, and it. */
    Set<Integer> stoppedBy(int thread) {
        Set<Integer> fixed = new TreeSet<>(progress.stopped());
        for (Event e : trace.events()) {
            if (ending.mayCutOff(e.thread()) && e.thread() <= thread) {
                fixed.add(e.thread());
            }
        }
        return fixed;
    }

    /**
     * The seed of a step the end cut off: every choice of the run before the end (the flushes the
     * ending thread's end drained made choices of their own, since they may have let the cut-off
     * thread go on), that step, then the end. Its region is the run up to the end (but for the steps
     * of the threads after the cut-off one, whose progress is still the descendants' to change) and
     * the step, whatever it reads. It forces, as a new-value seed does, only the run's forced events
     * and the step's causal past: the other reads before the end, the step's own and the end's place
     * stay the descendants' to vary. Forcing them missed states where a thread stopped earlier reads
     * what the grown one wrote (a check that sees another thread's write before an exit).
     */
    Seed stepBeforeEnd(SeedQuery.StepBeforeEnd query) {
        Ending.CutOff cutOff = ending.cutOff().get(query.cutOff());
        int thread = cutOff.choice().thread();
        List<Choice> choices = new ChoiceRuns();
        BitSet forced = new BitSet();
        Region.Builder region = new Region.Builder(trace, model.ordinals());
        int drainedFrom = drainedByEnd();
        boolean[] past = Seeds.causalPast(model, lastOf(thread));
        for (int e = 0; e < end; e++) {
            Event event = trace.get(e);
            if (event.has(Event.CHOSEN) || e >= drainedFrom) {
                choices.add(event.has(Event.CHOSEN) ? Seeds.choiceOf(event) : Choice.flush(event.thread(), event.address()));
                forced.set(choices.size() - 1, past[e]);
            }
            if (keptBy(event.thread(), thread)) {
                region.add(e, Region.observed(event));
            }
        }
        choices.add(cutOff.choice());
        choices.add(Seeds.choiceOf(trace.get(end)));
        region.add(end, Region.observed(trace.get(end)));
        if (cutOff.choice().isFlush()) {
            region.addFlushOf(oldestUnflushed(cutOff.choice()));
        } else {
            region.addOneMore(thread);
        }
        region.stop(stoppedBy(thread));
        region.grow(Set.of(thread));
        Region reached = region.build();
        return new Seed(query, choices, forced, reached, reached, 0, false);
    }

    /** The last event of {@code thread} in the trace, as a list of roots (none when the thread has no event). */
    private List<Integer> lastOf(int thread) {
        for (int e = end - 1; e >= 0; e--) {
            if (trace.get(e).thread() == thread) {
                return List.of(e);
            }
        }
        return List.of();
    }

    /** The first of the flushes the ending event's own step drained right before it (the end when there are none). */
    private int drainedByEnd() {
        int thread = trace.get(end).thread();
        int first = end;
        while (first > 0) {
            Event before = trace.get(first - 1);
            if (before.kind() != EventKind.FLUSH || before.has(Event.CHOSEN) || before.thread() != thread) {
                break;
            }
            first--;
        }
        return first;
    }

    /** The trace index of the buffered write a cut-off flush publishes: its thread's oldest unflushed write to the address. */
    private int oldestUnflushed(Choice flush) {
        Set<Integer> flushed = new HashSet<>();
        for (Event e : trace.events()) {
            if (e.kind() == EventKind.FLUSH) {
                flushed.add(e.flushedWrite());
            }
        }
        for (Event e : trace.events()) {
            if (e.kind() == EventKind.WRITE && e.has(Event.BUFFERED) && e.thread() == flush.thread()
                    && e.address().equals(flush.flush()) && !flushed.contains(e.index())) {
                return e.index();
            }
        }
        throw new IllegalStateException("no buffered write of thread " + flush.thread() + " to " + flush.flush() + " is left");
    }
}
