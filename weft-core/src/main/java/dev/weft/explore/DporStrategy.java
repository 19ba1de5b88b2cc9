package dev.weft.explore;

import dev.weft.runtime.SchedulePolicy;
import dev.weft.runtime.SchedulingPoint;
import dev.weft.runtime.ThreadView;
import dev.weft.trace.BugKind;
import dev.weft.trace.Choice;
import dev.weft.trace.EventKind;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.IncompleteReason;
import dev.weft.trace.RunResult;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Dynamic partial-order reduction: explores at least one run of every Mazurkiewicz class of the
 * program's runs (runs that differ only in the order of commuting steps), so it is complete.
 *
 * <p>Implements source-DPOR with sleep sets, Abdulla, Aronis, Jonsson, Sagonas, "Optimal Dynamic
 * Partial Order Reduction", POPL 2014, Section 4, Algorithm 1. Departures: the algorithm is run
 * statelessly (each run replays the path to its deepest open node; races are collected once the run
 * ends, which finds the same races as checking each new step as it is taken); a run whose enabled
 * actors are all asleep is finished by {@link ContinuationPolicy} and its remainder ignored; a run
 * that an exit or the end of its last non-daemon thread ends is not maximal (other threads could
 * still move), so the ending step is dependent with every step and the actors it cut off are
 * explored first from where it was taken; a run stopped at a failure is not maximal either, so
 * another run defers its last step; when the initials of
 * a reversal are all disabled at the race's node (the dependence relation below is conservative and
 * knows no program), every enabled actor there is added (classic DPOR's fallback),
 * except when they are spinners the runtime holds at a busy-wait loop's header ({@code BusyWait}):
 * their next iteration would only repeat one an explored run already made.
 *
 * <p>Processes are {@link Actor}s: threads and, under TSO/PSO, store buffers, whose flushes are
 * steps of their own as in the rInspect tool (Zhang et al., PLDI 2015). A thread whose next step
 * drains ({@code EventKind.drainsBuffers}: every synchronising step but a volatile read) is held back
 * while its buffers hold writes and flushes are offered, so buffers are always emptied by flush
 * steps, never inside a draining step. Dependence is
 * {@link Transition#relate}, which counts the runtime's busy-wait holding as dependence: another
 * thread's write made visible to what a held loop iteration read enables the thread's LOOP step,
 * so the two race; happens-before ({@link DporRaces}) is computed with vector clocks
 * from program order, dependence and the edges {@link DporRun} fixes. A lock acquisition races
 * with the previous acquisition of the lock by another thread, not with the release between them:
 * that is the reversible pair.
 *
 * <p>Assumes what the runtime's pending operations say: locks, monitors and conditions are named
 * by the address of the lock whose ownership they change; thread-state addresses carry the thread
 * id in their slot.
 */
public final class DporStrategy implements Strategy {

    /** One scheduling point on the current path. */
    private static final class Node {
        /** Enabled actors in choice order, with the step each would take here (however a blocking call returns). */
        final Map<Actor, Transition> enabled;
        /** Each enabled actor's choices: a blocking call's ways to return ({@link Choice#outcome()}), all explored when the actor is. */
        final Map<Actor, List<Choice>> choices;
        /** Disabled threads held at a busy-wait loop's header (a LOOP step). */
        final Set<Actor> heldSpinners;
        /** Actors not to start from here, with their step here: inherited, plus those explored from here. */
        final Map<Actor, Transition> sleep;
        final Set<Actor> backtrack = new LinkedHashSet<>();
        Actor chosen;
        /** Which of {@link #chosen}'s choices this run takes. */
        int outcome;

        Node(Map<Actor, Transition> enabled, Map<Actor, List<Choice>> choices, Set<Actor> heldSpinners, Map<Actor, Transition> sleep) {
            this.enabled = enabled;
            this.choices = choices;
            this.heldSpinners = heldSpinners;
            this.sleep = sleep;
        }

        Choice choice() {
            return choices.get(chosen).get(outcome);
        }

        /** Whether {@code actor} can move here other than by a spurious wake-up. */
        boolean due(Actor actor) {
            return choices.get(actor).stream().anyMatch(c -> !c.isSpurious());
        }
    }

    private final MemoryModel model;
    private final List<Node> path = new ArrayList<>();
    private DporRun execution;
    private boolean started;

    public DporStrategy(MemoryModel model) {
        if (model == MemoryModel.JMM) {
            throw new IllegalArgumentException("DPOR's reduction does not know the jmm model's reorderings: StrategyKind.DPOR explores it as dfs");
        }
        this.model = model;
    }

    @Override
    public String name() {
        return "dpor";
    }

    @Override
    public SchedulePolicy nextRun() {
        if (started && !advance()) {
            return null;
        }
        started = true;
        execution = new DporRun(model);
        return this::choose;
    }

    @Override
    public void runFinished(RunResult result) {
        if (execution != null) {
            Node last = endedByLastStep(result) ? path.get(execution.steps.size() - 1) : null;
            if (last != null) {
                Transition ending = last.enabled.get(last.chosen).endingRun();
                last.enabled.put(last.chosen, ending);
                execution.steps.set(execution.steps.size() - 1, ending);
            }
            execution.settleWakes(result.trace());
            addBacktrackPoints(execution);
            if (last != null) {
                letCutOffActorsGoFirst(last);
            } else if (stoppedAtAFailure(result) && !execution.sleepBlocked && !execution.steps.isEmpty()) {
                deferLastStep(path.get(execution.steps.size() - 1));
            }
            execution = null;
        }
    }

    @Override
    public List<IncompleteReason> incompleteReasons() {
        return List.of();
    }

    @Override
    public long pending() {
        long open = 0;
        for (Node node : path) {
            open += node.choices.get(node.chosen).size() - 1 - node.outcome;
            for (Actor a : node.backtrack) {
                if (!a.equals(node.chosen) && !node.sleep.containsKey(a)) {
                    open++;
                }
            }
        }
        return open;
    }

    private Choice choose(SchedulingPoint point) {
        DporRun run = execution;
        int depth = point.steps();
        if (run.sleepBlocked) {
            return ContinuationPolicy.INSTANCE.choose(point);
        }
        Transition revised = run.observe(point);
        if (revised != null) {
            path.get(depth - 1).enabled.put(revised.actor(), revised);
        }
        if (depth > 0 && drained(run.steps.get(depth - 1))) {
            flushFirstToo(path.get(depth - 1));
        }
        Node node;
        if (depth < path.size()) {
            node = path.get(depth);
        } else {
            node = newNode(point, run);
            if (node == null) {
                run.sleepBlocked = true;
                return ContinuationPolicy.INSTANCE.choose(point);
            }
            path.add(node);
        }
        Choice choice = node.choice();
        run.execute(node.enabled.get(node.chosen), choice.outcome());
        return choice;
    }

    private static boolean drained(Transition step) {
        return step.kind() == EventKind.FENCE && !step.writes().isEmpty();
    }

    /** A fence drained the buffers inside its step: the runs that flush them one by one first are explored from there too. */
    private static void flushFirstToo(Node node) {
        int thread = node.chosen.thread();
        for (Actor actor : node.enabled.keySet()) {
            if (actor.buffer() && actor.thread() == thread) {
                node.backtrack.add(actor);
            }
        }
    }

    /**
     * A new scheduling point: sleep set from the parent (Algorithm 1 line 10), first actor to explore,
     * or null if all sleep. The first is the last thread to move, else the first awake actor, one that
     * can move other than by a spurious wake-up where there is one: a spurious wake-up is explored
     * where a race asks for it, never by default, or every wait would end at once.
     */
    private Node newNode(SchedulingPoint point, DporRun run) {
        Map<Actor, Transition> enabled = new LinkedHashMap<>();
        Map<Actor, List<Choice>> choices = new LinkedHashMap<>();
        for (Choice c : point.enabled()) {
            Actor actor = Actor.of(c, model);
            if (!run.mustFlushFirst(actor, point)) {
                choices.computeIfAbsent(actor, a -> new ArrayList<>()).add(c);
                enabled.computeIfAbsent(actor, a -> run.transitionOf(a, c, point));
            }
        }
        Set<Actor> heldSpinners = new HashSet<>();
        for (ThreadView view : point.threads()) {
            if (!view.enabled() && view.next() != null && view.next().kind() == EventKind.LOOP) {
                heldSpinners.add(Actor.thread(view.thread()));
            }
        }
        Map<Actor, Transition> sleep = new HashMap<>();
        if (!path.isEmpty()) {
            Node parent = path.get(path.size() - 1);
            Transition taken = parent.enabled.get(parent.chosen);
            parent.sleep.forEach((actor, step) -> {
                if (!actor.equals(parent.chosen) && Transition.commute(step, taken)) {
                    sleep.put(actor, enabled.getOrDefault(actor, step));
                }
            });
        }
        Node node = new Node(enabled, choices, heldSpinners, sleep);
        Actor last = point.lastThread() >= 0 ? Actor.thread(point.lastThread()) : null;
        if (last != null && enabled.containsKey(last) && !sleep.containsKey(last) && node.due(last)) {
            node.chosen = last;
        } else {
            List<Actor> awake = enabled.keySet().stream().filter(a -> !sleep.containsKey(a)).toList();
            node.chosen = awake.stream().filter(node::due).findFirst().orElse(awake.isEmpty() ? null : awake.get(0));
        }
        if (node.chosen == null) {
            return null;
        }
        node.backtrack.add(node.chosen);
        return node;
    }

    /**
     * Moves to the next run: the deepest node whose chosen actor has another way to return left, or
     * with an actor in its backtrack set that is not asleep (Algorithm 1 lines 4 and 12). Departure:
     * an actor's ways to return (timeout, interrupt, spurious wake-up) are local choices of one step,
     * explored one after another before the actor sleeps, as a choice between its own transitions.
     */
    private boolean advance() {
        while (!path.isEmpty()) {
            Node last = path.get(path.size() - 1);
            if (last.outcome + 1 < last.choices.get(last.chosen).size()) {
                last.outcome++;
                return true;
            }
            last.sleep.put(last.chosen, last.enabled.get(last.chosen));
            for (Actor a : last.backtrack) {
                if (!last.sleep.containsKey(a)) {
                    last.chosen = a;
                    last.outcome = 0;
                    return true;
                }
            }
            path.remove(path.size() - 1);
        }
        return false;
    }

    /**
     * Algorithm 1 lines 5–9 for every step of the finished run: for each race e ⋖ e', where E' is
     * the run before e and v = notdep(e, E).e', make sure one of v's initials is in backtrack(E').
     */
    private void addBacktrackPoints(DporRun run) {
        DporRaces races = new DporRaces(run);
        for (int[] race : races.pairs) {
            int i = race[0];
            int j = race[1];
            Set<Actor> initials = races.initialsOfReversal(i, j);
            Node node = path.get(i);
            if (intersects(initials, node.backtrack) || intersects(initials, node.sleep.keySet())) {
                continue;
            }
            Actor enabled = initials.stream().filter(node.enabled::containsKey).findFirst().orElse(null);
            if (enabled != null) {
                node.backtrack.add(enabled);
            } else if (!node.heldSpinners.containsAll(initials)) {
                node.backtrack.addAll(node.enabled.keySet());
            }
        }
    }

    /**
     * Whether this run's last step, chosen here, ended it: the program exited, or the last non-daemon
     * thread ended (its END a step of its own, or part of its last step when nothing else could move
     * then), cutting off what the other threads were about to do.
     */
    private boolean endedByLastStep(RunResult result) {
        return result.trace().ending() != null && !execution.sleepBlocked && !execution.steps.isEmpty();
    }

    /**
     * The runner stopped the run at a failure, or the loop bound cut it, while other threads could
     * perhaps still move (a thread stuck outside Weft's control; a test's runner that stops at the
     * first failed check). Not a deadlock (no thread can move: the run is maximal) nor a livelock (the
     * run went on until the runtime's bound, not stopped by one thread), nor a run that ended at its own end.
     */
    private static boolean stoppedAtAFailure(RunResult result) {
        if (result.status() == RunResult.Status.CUT) {
            return true;
        }
        if (result.status() != RunResult.Status.BUG || result.trace().ending() != null) {
            return false;
        }
        BugKind last = result.bugs().get(result.bugs().size() - 1).kind();
        return last != BugKind.DEADLOCK && last != BugKind.LIVELOCK;
    }

    /**
     * Makes sure some run from {@code last} defers its step, the one after which the run stopped
     * at a failure: the other actors' later steps, and so their races, appear only in such a run.
     * Departure from Algorithm 1 (Abdulla et al., POPL 2014, Section 4), whose runs are all maximal.
     */
    private static void deferLastStep(Node last) {
        for (Actor a : last.backtrack) {
            if (!a.equals(last.chosen)) {
                return;
            }
        }
        last.enabled.keySet().stream().filter(a -> !a.equals(last.chosen) && !last.sleep.containsKey(a)).findFirst()
                .ifPresent(last.backtrack::add);
    }

    /**
     * The step that ended the run disabled every other actor's next step, so it races with each of
     * them: every actor enabled where it was taken goes into that node's backtrack set, to run first
     * (a step that was never taken has no race of its own in the run, so Algorithm 1 would not see it).
     * Departure from Algorithm 1 (Abdulla et al., POPL 2014, Section 4), whose runs end only when no
     * process can move.
     */
    private static void letCutOffActorsGoFirst(Node last) {
        for (Actor a : last.enabled.keySet()) {
            if (!last.sleep.containsKey(a)) {
                last.backtrack.add(a);
            }
        }
    }

    private static boolean intersects(Set<Actor> a, Set<Actor> b) {
        for (Actor x : a) {
            if (b.contains(x)) {
                return true;
            }
        }
        return false;
    }
}
