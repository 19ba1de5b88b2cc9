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
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

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
 * <p>On several workers ({@link #split}) a share explores the subtree below a node of another share's
 * path, the nodes above it a copied prefix; a backtrack point its races ask for in that prefix becomes
 * a subtree of its own (never dropped), so every backtrack point is explored by some share, at worst
 * twice; sleep sets are kept so that no two shares count on each other to cover a run.
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
        /**
         * Actors of the backtrack set handed to another share ({@link #split}) while {@link #chosen} is explored: they
         * sleep once it is done, so that they sleep for the actors explored here after it, but not below it.
         */
        final Map<Actor, Transition> handedOut = new HashMap<>();
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

        /** A copy for another share, which changes its own sets. */
        Node copy() {
            Node copy = new Node(new LinkedHashMap<>(enabled), choices, heldSpinners, new HashMap<>(sleep));
            copy.backtrack.addAll(backtrack);
            copy.chosen = chosen;
            copy.outcome = outcome;
            return copy;
        }

        /** Actors in the backtrack set still to explore from here, other than the one this run takes. */
        List<Actor> open() {
            return backtrack.stream()
                    .filter(a -> !a.equals(chosen) && !sleep.containsKey(a) && !handedOut.containsKey(a) && enabled.containsKey(a))
                    .toList();
        }

        /** Whether {@code actor} can move here other than by a spurious wake-up. */
        boolean due(Actor actor) {
            return choices.get(actor).stream().anyMatch(c -> !c.isSpurious());
        }
    }

    private final MemoryModel model;
    private List<Node> path = new ArrayList<>();
    /**
     * The first node this share explores from: the nodes above it are a fixed prefix, copied from the
     * share it was split off, whose backtrack sets this share does not own (0 for the whole strategy).
     */
    private int root;
    /** Subtrees (a path, its last node the root) that this share's races asked for above its root, still to explore or hand out. */
    private final Deque<List<Node>> subtrees = new ArrayDeque<>();
    /**
     * Backtrack points added after the strategy was first split, by every share: the share that adds one first explores
     * it, so that a share does not explore again what its prefix's owner already will, nor the owner what a share did.
     */
    private final Set<Claim> claimed;
    private DporRun execution;
    private boolean started;
    /** Whether this share was split or split off: then backtrack points are claimed. */
    private boolean split;

    /** An actor to explore at the node that the schedule {@code prefix} leads to. */
    private record Claim(List<Choice> prefix, Actor actor) {
    }

    public DporStrategy(MemoryModel model) {
        if (model == MemoryModel.JMM) {
            throw new IllegalArgumentException("DPOR's reduction does not know the jmm model's reorderings: StrategyKind.DPOR explores it as dfs");
        }
        this.model = model;
        this.claimed = ConcurrentHashMap.newKeySet();
    }

    private DporStrategy(DporStrategy sharing, List<Node> subtree) {
        this.model = sharing.model;
        this.claimed = sharing.claimed;
        this.split = true;
        enter(subtree);
    }

    @Override
    public String name() {
        return "dpor";
    }

    @Override
    public SchedulePolicy nextRun() {
        if (started && !advance()) {
            if (subtrees.isEmpty()) {
                return null;
            }
            enter(subtrees.poll());
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
        long open = subtrees.size();
        for (Node node : path.subList(root, path.size())) {
            open += node.choices.get(node.chosen).size() - 1 - node.outcome;
            open += node.open().size();
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
            flushFirstToo(depth - 1);
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
    private void flushFirstToo(int depth) {
        Node node = path.get(depth);
        int thread = node.chosen.thread();
        for (Actor actor : List.copyOf(node.enabled.keySet())) {
            if (actor.buffer() && actor.thread() == thread) {
                backtrack(depth, actor);
            }
        }
    }

    /**
     * Adds {@code actor} to the backtrack set of the node at {@code depth}. Above this share's root the node is a copy
     * whose set another share owns: a new actor there becomes a subtree of this share's, explored after its own
     * subtree or handed out ({@link #split}). The share that owns the node may add the same actor: the subtree is
     * then explored twice, which is sound (DPOR's duplicates, not missed runs).
     */
    private void backtrack(int depth, Actor actor) {
        Node node = path.get(depth);
        if (node.backtrack.contains(actor) || node.sleep.containsKey(actor)) {
            return;
        }
        node.backtrack.add(actor);
        if (!split) {
            return; // one share alone: nothing to claim
        }
        boolean ours = claimed.add(new Claim(prefix(depth), actor));
        if (ours && depth < root) {
            subtrees.add(subtree(depth, List.of(actor)));
        } else if (!ours && depth >= root) {
            node.handedOut.put(actor, node.enabled.get(actor)); // another share explores it
        }
    }

    /** The choices that lead to the node at {@code depth}. */
    private List<Choice> prefix(int depth) {
        List<Choice> prefix = new ArrayList<>(depth);
        for (int i = 0; i < depth; i++) {
            prefix.add(path.get(i).choice());
        }
        return prefix;
    }

    /**
     * A copy of the path down to the node at {@code depth}, which explores {@code actors} there, after the actor this
     * run takes there (which sleeps in the copy, as it would when they were explored after it by one strategy).
     */
    private List<Node> subtree(int depth, List<Actor> actors) {
        List<Node> copy = new ArrayList<>();
        for (int i = 0; i <= depth; i++) {
            copy.add(path.get(i).copy());
        }
        Node node = copy.get(depth);
        node.sleep.put(node.chosen, node.enabled.get(node.chosen));
        node.backtrack.clear();
        node.backtrack.addAll(actors);
        node.chosen = actors.get(0);
        node.outcome = 0;
        return copy;
    }

    /** Explores {@code subtree} next: its last node is the root, with its first actor chosen. */
    private void enter(List<Node> subtree) {
        path = new ArrayList<>(subtree);
        root = subtree.size() - 1;
        started = false;
    }

    /**
     * A subtree for another worker: one this share's races asked for above its root, else the actors still to explore
     * at the shallowest node of this share that has any. Those actors sleep in this share's node once the actor it
     * explores there now is done ({@link Node#handedOut}), as if explored before the actors this share explores there
     * later; the other share explores them with the present actor asleep, as if explored after it: one order of the
     * three, as Algorithm 1 would take them, so no two explorations count on each other to cover a run. Backtrack points that the
     * other share's races ask for above its root come back as its own subtrees ({@link #backtrack}).
     */
    @Override
    public Strategy split() {
        split = true;
        if (!subtrees.isEmpty()) {
            return new DporStrategy(this, subtrees.pollLast());
        }
        for (int depth = root; depth < path.size(); depth++) {
            Node node = path.get(depth);
            List<Actor> open = node.open();
            if (!open.isEmpty()) {
                DporStrategy share = new DporStrategy(this, subtree(depth, open));
                open.forEach(actor -> node.handedOut.put(actor, node.enabled.get(actor)));
                return share;
            }
        }
        return null;
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
        while (path.size() > root) {
            Node last = path.get(path.size() - 1);
            if (last.outcome + 1 < last.choices.get(last.chosen).size()) {
                last.outcome++;
                return true;
            }
            last.sleep.put(last.chosen, last.enabled.get(last.chosen));
            last.sleep.putAll(last.handedOut);
            last.handedOut.clear();
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
                backtrack(i, enabled);
            } else if (!node.heldSpinners.containsAll(initials)) {
                node.enabled.keySet().forEach(actor -> backtrack(i, actor));
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
