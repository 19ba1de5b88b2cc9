package dev.weft.explore;

import dev.weft.explore.Transition.Relation;
import dev.weft.runtime.PendingOperation;
import dev.weft.runtime.SchedulePolicy;
import dev.weft.runtime.SchedulingPoint;
import dev.weft.runtime.ThreadView;
import dev.weft.trace.Address;
import dev.weft.trace.Choice;
import dev.weft.trace.EventKind;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.RunResult;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
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
 * actors are all asleep is finished by {@link ContinuationPolicy} and its remainder ignored; when
 * the initials of a reversal are all disabled at the race's node (the dependence relation below is
 * conservative and knows no program), every enabled actor there is added (classic DPOR's fallback),
 * except when they only wait to re-read unchanged memory (the runtime's busy-wait blocking), which
 * would just repeat a read an explored run already made.
 *
 * <p>Processes are {@link Actor}s: threads and, under TSO/PSO, store buffers, whose flushes are
 * steps of their own as in the rInspect tool (Zhang et al., PLDI 2015). A thread whose next step
 * synchronises is held back while its buffers hold writes and flushes are offered, so buffers are
 * always emptied by flush steps, never inside a synchronising step. Dependence is
 * {@link Transition#relate}. Happens-before is computed with vector clocks over the run, from
 * program order, dependence, and these fixed edges: the step that made a thread appear before the
 * thread's first step, a buffered write before its flush, a buffer's flushes before its thread's
 * next synchronising step (which drains the buffers), a thread's last step before a join of it,
 * the first notify of a monitor after a wait before the waiter's wake-up. A lock acquisition
 * races with the previous acquisition of the lock by another thread, not with the release between
 * them: that is the reversible pair.
 *
 * <p>Assumes what the runtime's pending operations say: locks, monitors and conditions are named
 * by the address of the lock whose ownership they change; thread-state addresses carry the thread
 * id in their slot.
 */
public final class DporStrategy implements Strategy {

    /** One scheduling point on the current path. */
    private static final class Node {
        /** Enabled actors in choice order, with the step each would take here. */
        final Map<Actor, Transition> enabled;
        final Map<Actor, Choice> choices;
        /** Disabled threads whose next operation is a read: blocked by the runtime as busy-waiting. */
        final Set<Actor> blockedOnRead;
        /** Actors not to start from here, with their step here: inherited, plus those explored from here. */
        final Map<Actor, Transition> sleep;
        final Set<Actor> backtrack = new LinkedHashSet<>();
        Actor chosen;

        Node(Map<Actor, Transition> enabled, Map<Actor, Choice> choices, Set<Actor> blockedOnRead, Map<Actor, Transition> sleep) {
            this.enabled = enabled;
            this.choices = choices;
            this.blockedOnRead = blockedOnRead;
            this.sleep = sleep;
        }
    }

    private final MemoryModel model;
    private final List<Node> path = new ArrayList<>();
    private Execution execution;
    private boolean started;

    public DporStrategy(MemoryModel model) {
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
        execution = new Execution(model);
        return this::choose;
    }

    @Override
    public void runFinished(RunResult result) {
        if (execution != null) {
            addBacktrackPoints(execution);
            execution = null;
        }
    }

    @Override
    public boolean exhaustive() {
        return true;
    }

    @Override
    public long pending() {
        long open = 0;
        for (Node node : path) {
            for (Actor a : node.backtrack) {
                if (!a.equals(node.chosen) && !node.sleep.containsKey(a)) {
                    open++;
                }
            }
        }
        return open;
    }

    private Choice choose(SchedulingPoint point) {
        Execution run = execution;
        int depth = point.steps();
        if (run.sleepBlocked) {
            return ContinuationPolicy.INSTANCE.choose(point);
        }
        run.observe(point, path);
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
        run.execute(node.enabled.get(node.chosen));
        return node.choices.get(node.chosen);
    }

    /** A new scheduling point: sleep set from the parent (Algorithm 1 line 10), first actor to explore, or null if all sleep. */
    private Node newNode(SchedulingPoint point, Execution run) {
        Map<Actor, Transition> enabled = new LinkedHashMap<>();
        Map<Actor, Choice> choices = new LinkedHashMap<>();
        for (Choice c : point.enabled()) {
            Actor actor = Actor.of(c, model);
            if (!run.mustFlushFirst(actor, point) && choices.putIfAbsent(actor, c) == null) {
                enabled.put(actor, run.transitionOf(actor, c, point));
            }
        }
        Set<Actor> blockedOnRead = new HashSet<>();
        for (ThreadView view : point.threads()) {
            if (!view.enabled() && view.next() != null && view.next().kind().reads()) {
                blockedOnRead.add(Actor.thread(view.thread()));
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
        Node node = new Node(enabled, choices, blockedOnRead, sleep);
        Actor last = point.lastThread() >= 0 ? Actor.thread(point.lastThread()) : null;
        if (last != null && enabled.containsKey(last) && !sleep.containsKey(last)) {
            node.chosen = last;
        } else {
            node.chosen = enabled.keySet().stream().filter(a -> !sleep.containsKey(a)).findFirst().orElse(null);
        }
        if (node.chosen == null) {
            return null;
        }
        node.backtrack.add(node.chosen);
        return node;
    }

    /** Moves to the next run: the deepest node with an actor in its backtrack set that is not asleep (Algorithm 1 lines 4 and 12). */
    private boolean advance() {
        while (!path.isEmpty()) {
            Node last = path.get(path.size() - 1);
            last.sleep.put(last.chosen, last.enabled.get(last.chosen));
            for (Actor a : last.backtrack) {
                if (!last.sleep.containsKey(a)) {
                    last.chosen = a;
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
    private void addBacktrackPoints(Execution run) {
        HappensBefore hb = new HappensBefore(run);
        for (int[] race : hb.races) {
            int i = race[0];
            int j = race[1];
            Set<Actor> initials = hb.initialsOfReversal(i, j);
            Node node = path.get(i);
            if (intersects(initials, node.backtrack) || intersects(initials, node.sleep.keySet())) {
                continue;
            }
            Actor enabled = initials.stream().filter(node.enabled::containsKey).findFirst().orElse(null);
            if (enabled != null) {
                node.backtrack.add(enabled);
            } else if (!node.blockedOnRead.containsAll(initials)) {
                node.backtrack.addAll(node.enabled.keySet());
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

    /** Vector clocks over one run's steps and the races between them. */
    private static final class HappensBefore {
        final List<Transition> steps;
        final List<List<Integer>> fixedBefore;
        final int[] actorOf;
        /** clocks[j][a]: how many steps of actor a happen before step j or are step j. */
        final int[][] clocks;
        /** own[j]: step j's position among its actor's steps, from 1. */
        final int[] own;
        final List<int[]> races = new ArrayList<>();

        HappensBefore(Execution run) {
            steps = run.steps;
            fixedBefore = run.fixedBefore;
            int n = steps.size();
            Map<Actor, Integer> index = new HashMap<>();
            actorOf = new int[n];
            for (int j = 0; j < n; j++) {
                actorOf[j] = index.computeIfAbsent(steps.get(j).actor(), a -> index.size());
            }
            int width = index.size();
            clocks = new int[n][];
            own = new int[n];
            int[] count = new int[width];
            int[] previous = new int[width];
            Arrays.fill(previous, -1);
            StepIndex related = new StepIndex();
            for (int j = 0; j < n; j++) {
                int actor = actorOf[j];
                int[] full = previous[actor] >= 0 ? clocks[previous[actor]].clone() : new int[width];
                for (int fixed : fixedBefore.get(j)) {
                    join(full, clocks[fixed]);
                }
                // Lock-order edges are left out when deciding whether two acquisitions race directly.
                int[] withoutLockOrder = full.clone();
                Transition later = steps.get(j);
                for (int i : related.candidates(j, later)) {
                    if (actorOf[i] == actor) {
                        continue;
                    }
                    Relation relation = Transition.relate(steps.get(i), later);
                    if (relation == Relation.RACE) {
                        int[] seen = steps.get(i).acquires() && later.acquires() ? withoutLockOrder : full;
                        if (seen[actorOf[i]] < own[i]) {
                            races.add(new int[] {i, j});
                        }
                        join(full, clocks[i]);
                        join(withoutLockOrder, clocks[i]);
                    } else if (relation == Relation.ORDERED) {
                        join(full, clocks[i]);
                    }
                }
                own[j] = ++count[actor];
                full[actor] = own[j];
                clocks[j] = full;
                previous[actor] = j;
                related.add(j, later);
            }
        }

        boolean happensBefore(int i, int j) {
            return clocks[j][actorOf[i]] >= own[i];
        }

        /**
         * I[E'](v) for v = notdep(e_i, E).e_j: the actors whose first step in v has no
         * happens-before predecessor in v.
         */
        Set<Actor> initialsOfReversal(int i, int j) {
            Set<Actor> initials = new LinkedHashSet<>();
            Map<Integer, Integer> firstStep = new LinkedHashMap<>();
            List<Integer> notDependent = new ArrayList<>();
            for (int u = i + 1; u < j; u++) {
                if (happensBefore(i, u)) {
                    continue;
                }
                notDependent.add(u);
                if (firstStep.containsKey(actorOf[u])) {
                    continue;
                }
                // Steps of one actor in notdep form a prefix of its steps after e_i, so checking first steps suffices.
                boolean preceded = false;
                for (int first : firstStep.values()) {
                    preceded |= happensBefore(first, u);
                }
                firstStep.put(actorOf[u], u);
                if (!preceded) {
                    initials.add(steps.get(u).actor());
                }
            }
            if (!firstStep.containsKey(actorOf[j])) {
                boolean preceded = false;
                for (int u : notDependent) {
                    preceded |= fixedBefore.get(j).contains(u) || Transition.relate(steps.get(u), steps.get(j)) != Relation.INDEPENDENT;
                }
                if (!preceded) {
                    initials.add(steps.get(j).actor());
                }
            }
            return initials;
        }

        private static void join(int[] into, int[] other) {
            for (int k = 0; k < into.length; k++) {
                into[k] = Math.max(into[k], other[k]);
            }
        }
    }

    /** Earlier steps by what they touch, so that a step is compared only with those it may relate to. */
    private static final class StepIndex {
        private final Map<Address, List<Integer>> byAddress = new HashMap<>();
        private final List<Integer> exits = new ArrayList<>();

        /** Steps before {@code j} that may relate to {@code step}, latest first. */
        int[] candidates(int j, Transition step) {
            if (step.kind() == EventKind.EXIT) {
                int[] all = new int[j];
                for (int i = 0; i < j; i++) {
                    all[i] = j - 1 - i;
                }
                return all;
            }
            Set<Integer> found = new HashSet<>(exits);
            for (Address a : step.touched()) {
                found.addAll(byAddress.getOrDefault(a, List.of()));
            }
            return found.stream().mapToInt(Integer::intValue).map(i -> -i).sorted().map(i -> -i).toArray();
        }

        void add(int j, Transition step) {
            for (Address a : step.touched()) {
                byAddress.computeIfAbsent(a, k -> new ArrayList<>()).add(j);
            }
            if (step.kind() == EventKind.EXIT) {
                exits.add(j);
            }
        }
    }

    /** A write waiting in a store buffer: its address and the step that made it. */
    private record BufferedWrite(Address address, int step) {
    }

    /** What one run has done so far, as far as dependence needs it. */
    private static final class Execution {
        final MemoryModel model;
        final List<Transition> steps = new ArrayList<>();
        /** For each step, the earlier steps fixed before it (see the class comment). */
        final List<List<Integer>> fixedBefore = new ArrayList<>();
        final Map<Integer, ArrayDeque<BufferedWrite>> buffers = new HashMap<>();
        final Map<Actor, Integer> lastFlush = new HashMap<>();
        final Map<Integer, Integer> lastStepOfThread = new HashMap<>();
        final Map<Integer, Integer> creator = new HashMap<>();
        final Set<Integer> knownThreads = new HashSet<>();
        final Map<Integer, Integer> waitingSince = new HashMap<>();
        final Map<Address, List<Integer>> notifies = new HashMap<>();
        /** Hold count per thread and lock: only the outermost acquire and release change ownership. */
        final Map<Integer, Map<Address, Integer>> holds = new HashMap<>();
        final Map<Integer, Integer> holdsBeforeWait = new HashMap<>();
        boolean sleepBlocked;

        Execution(MemoryModel model) {
            this.model = model;
        }

        /** Notes threads that appeared since the last step, and checks that a write believed buffered was. */
        void observe(SchedulingPoint point, List<Node> path) {
            int depth = point.steps();
            for (ThreadView view : point.threads()) {
                if (knownThreads.add(view.thread()) && depth > 0) {
                    creator.put(view.thread(), depth - 1);
                }
            }
            if (depth == 0 || !steps.get(depth - 1).buffered()) {
                return;
            }
            Transition write = steps.get(depth - 1);
            Actor buffer = new Actor(write.actor().thread(), true, model == MemoryModel.PSO ? write.address() : null);
            if (buffer.choiceIn(point.enabled(), model) == null) {
                Transition through = write.writtenThrough();
                steps.set(depth - 1, through);
                path.get(depth - 1).enabled.put(write.actor(), through);
                buffers.get(write.actor().thread()).removeLast();
            }
        }

        Transition transitionOf(Actor actor, Choice choice, SchedulingPoint point) {
            if (actor.buffer()) {
                return Transition.flush(actor, choice.flush());
            }
            int thread = actor.thread();
            PendingOperation op = point.pending(thread);
            if (op == null) {
                throw new IllegalStateException("thread " + thread + " is enabled but has no pending operation");
            }
            Set<Address> drained = new HashSet<>();
            for (BufferedWrite w : buffers.getOrDefault(thread, new ArrayDeque<>())) {
                drained.add(w.address());
            }
            return Transition.step(thread, op, model, drained, reentrant(thread, op));
        }

        /**
         * A synchronising step drains its thread's buffers; drained all at once, the buffered writes
         * would publish values no other step could observe in between. So the thread waits until
         * its buffers' own flushes have emptied them, and a drain never happens inside one step.
         */
        boolean mustFlushFirst(Actor actor, SchedulingPoint point) {
            if (actor.buffer() || buffers.getOrDefault(actor.thread(), new ArrayDeque<>()).isEmpty()) {
                return false;
            }
            PendingOperation op = point.pending(actor.thread());
            if (op == null || !op.kind().synchronizes()) {
                return false;
            }
            for (Choice c : point.enabled()) {
                if (c.isFlush() && c.thread() == actor.thread()) {
                    return true;
                }
            }
            return false;
        }

        private boolean reentrant(int thread, PendingOperation op) {
            int held = holds.getOrDefault(thread, Map.of()).getOrDefault(op.address(), 0);
            return (op.kind() == EventKind.LOCK && held > 0) || (op.kind() == EventKind.UNLOCK && held > 1);
        }

        void execute(Transition step) {
            int position = steps.size();
            List<Integer> fixed = new ArrayList<>();
            Actor actor = step.actor();
            int thread = actor.thread();
            if (actor.buffer()) {
                BufferedWrite write = takeBuffered(thread, step.address());
                if (write != null) {
                    fixed.add(write.step());
                }
                lastFlush.put(actor, position);
            } else {
                Integer made = creator.remove(thread);
                if (made != null) {
                    fixed.add(made);
                }
                if (step.kind().synchronizes()) {
                    lastFlush.forEach((buffer, flush) -> {
                        if (buffer.thread() == thread) {
                            fixed.add(flush);
                        }
                    });
                    buffers.remove(thread);
                }
                if (step.buffered()) {
                    buffers.computeIfAbsent(thread, t -> new ArrayDeque<>()).add(new BufferedWrite(step.address(), position));
                }
                fixedBySynchronization(step, thread, position, fixed);
                lastStepOfThread.put(thread, position);
            }
            steps.add(step);
            fixedBefore.add(fixed);
        }

        private void fixedBySynchronization(Transition step, int thread, int position, List<Integer> fixed) {
            Address address = step.address();
            switch (step.kind()) {
                case JOIN -> {
                    if (address != null && address.kind() == Address.Kind.THREAD_STATE) {
                        Integer end = lastStepOfThread.get(address.slot());
                        if (end != null) {
                            fixed.add(end);
                        }
                    }
                }
                case WAIT -> {
                    waitingSince.put(thread, position);
                    holdsBeforeWait.put(thread, holds(thread).getOrDefault(address, 1));
                    holds(thread).remove(address);
                }
                case WAKE -> {
                    int since = waitingSince.getOrDefault(thread, -1);
                    for (int notify : notifies.getOrDefault(address, List.of())) {
                        if (notify > since) {
                            fixed.add(notify);
                            break;
                        }
                    }
                    holds(thread).put(address, holdsBeforeWait.getOrDefault(thread, 1));
                }
                case NOTIFY -> notifies.computeIfAbsent(address, a -> new ArrayList<>()).add(position);
                case LOCK -> holds(thread).merge(address, 1, Integer::sum);
                case UNLOCK -> holds(thread).computeIfPresent(address, (a, n) -> n > 1 ? n - 1 : null);
                default -> {
                }
            }
        }

        private Map<Address, Integer> holds(int thread) {
            return holds.computeIfAbsent(thread, t -> new HashMap<>());
        }

        /** The oldest buffered write of {@code thread} to {@code address} (under TSO, the buffer's head). */
        private BufferedWrite takeBuffered(int thread, Address address) {
            ArrayDeque<BufferedWrite> buffer = buffers.get(thread);
            if (buffer == null) {
                return null;
            }
            for (Iterator<BufferedWrite> it = buffer.iterator(); it.hasNext(); ) {
                BufferedWrite w = it.next();
                if (w.address().equals(address)) {
                    it.remove();
                    return w;
                }
            }
            return null;
        }
    }
}
