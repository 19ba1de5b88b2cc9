package dev.weft.explore;

import dev.weft.causal.PathPrefixes;
import dev.weft.runtime.SchedulePolicy;
import dev.weft.runtime.SchedulingPoint;
import dev.weft.runtime.symbolic.ShadowLog;
import dev.weft.solver.PathConditionSolver;
import dev.weft.trace.Choice;
import dev.weft.trace.Event;
import dev.weft.trace.InputValue;
import dev.weft.trace.RunResult;
import dev.weft.trace.Trace;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * mpc's first phase: one run per path prefix, Maximal Path Causality's Algorithms 1-2 (Yi and Huang,
 * ESEC/FSE 2018, §3.3; path prefixes as in §3.4). After each run, for every thread and every branch it
 * took, the path prefix that keeps the run's path in every other thread and flips that branch is asked
 * of Z3 ({@link PathPrefixes}: Φ_pc ∧ Φ_sync ∧ Φ_dc over the run's trace) once; a solution is an input
 * and a schedule prefix, run as a prefix and then freely. Departs from the paper: a prefix flips one
 * thread's branch at a time (the paper's split also combines flips of several threads), with the other
 * threads free to stop anywhere before their next branch, which is what Strategy 2 (§3.4.2) relaxes the
 * unsat core's threads to; the combinations come from asking again on each new run, since a prefix is
 * identified by the other threads' paths too. An unsat core made of the flipped thread's own branch
 * conditions alone (no reads) proves the flip infeasible whatever the other threads do: it is not asked
 * again. This phase finds bugs fast but proves nothing: traces it cannot model give no queries, and its
 * completeness is not argued for Weft's traces, so {@link MpcStrategy} proves coverage with its input
 * classes afterwards.
 */
final class PathExploration {
    /** What a run was made for: {@code thread}'s branches must begin with {@code keys}. */
    private record Target(String thread, List<String> keys) {
    }

    private record Work(SchedulePolicy policy, Target target) {
    }

    private final Deque<Work> work = new ArrayDeque<>();
    private final Set<String> paths = new HashSet<>();
    private final Set<String> asked = new HashSet<>();
    /** Flips whose own branch conditions cannot hold together: thread name and branch keys. */
    private final Set<Target> infeasibleAlone = new HashSet<>();
    private final Map<String, Long> firstInputs;
    private final Counts counts = new Counts();
    private boolean started;
    private Work current;
    private double solverSeconds;

    /** The phase's counts, for the summary. */
    static final class Counts {
        long pathsExplored;
        long infeasiblePrefixes;
        long unsatCoresUsed;
        long prefixesMissed;
        long unmodelledRuns;
    }

    PathExploration(Map<String, Long> firstInputs) {
        this.firstInputs = firstInputs;
    }

    SchedulePolicy nextRun() {
        if (!started) {
            started = true;
            current = new Work(new PrefixPolicy(List.of(), ContinuationPolicy.INSTANCE).withInputs(firstInputs), null);
        } else {
            current = work.pollLast();
        }
        return current == null ? null : current.policy();
    }

    void runFinished(RunResult result, ShadowLog log) {
        if (result.status() == RunResult.Status.DIVERGED || result.status() == RunResult.Status.UNSUPPORTED) {
            counts.prefixesMissed += current.target() == null ? 0 : 1;
            return;
        }
        Trace trace = result.trace();
        Map<String, List<String>> path = pathOf(trace, log);
        if (paths.add(path.toString())) {
            counts.pathsExplored++;
        }
        Target target = current.target();
        if (target != null && !startsWith(path.getOrDefault(target.thread(), List.of()), target.keys())) {
            counts.prefixesMissed++;
        }
        PathPrefixes model = new PathPrefixes(trace, log);
        if (model.unmodelled() != null) {
            counts.unmodelledRuns++;
            return;
        }
        long start = System.nanoTime();
        try (PathConditionSolver solver = new PathConditionSolver()) {
            model.branches().forEach((thread, branches) -> {
                String name = trace.symbols().threads().name(thread);
                for (int k = 0; k < branches.size(); k++) {
                    List<String> keys = new ArrayList<>(path.get(name).subList(0, k));
                    ShadowLog.Branch flipped = branches.get(k);
                    keys.add(flipped.location() + " " + flipped.taken().negated().op());
                    askOnce(solver, model, trace, new Flip(thread, k, new Target(name, keys)), path);
                }
            });
        } finally {
            solverSeconds += (System.nanoTime() - start) / 1e9;
        }
    }

    /** Branch {@code ordinal} of {@code thread} (its id in the trace) taken the other way. */
    private record Flip(int thread, int ordinal, Target target) {
    }

    private void askOnce(PathConditionSolver solver, PathPrefixes model, Trace trace, Flip flip, Map<String, List<String>> path) {
        Map<String, List<String>> prefix = new TreeMap<>(path);
        prefix.put(flip.target().thread(), flip.target().keys());
        if (!asked.add(prefix.toString())) {
            return;
        }
        if (infeasibleAlone.contains(flip.target())) {
            return;
        }
        PathConditionSolver.PrefixAnswer answer = solveRelaxingCores(solver, model, flip);
        if (answer.satisfiable()) {
            work.addLast(new Work(prefixPolicy(trace, answer), flip.target()));
        } else if (answer.unknown() == null) { // an unknown answer, like any prefix not taken, is left to the input classes
            counts.infeasiblePrefixes++;
            if (!answer.coreHasReads() && answer.coreThreads().equals(Set.of(flip.thread()))) {
                infeasibleAlone.add(flip.target());
            }
        }
    }

    /**
     * Strategy 2 (§3.4.2): while the query is unsatisfiable and its unsat core names threads that still must keep
     * their paths, those threads are relaxed to any prefix of their paths and the query is asked again.
     */
    private PathConditionSolver.PrefixAnswer solveRelaxingCores(PathConditionSolver solver, PathPrefixes model, Flip flip) {
        Set<Integer> relaxed = new HashSet<>();
        while (true) {
            PathConditionSolver.PrefixAnswer answer = solver.solve(model.flipping(flip.thread(), flip.ordinal(), relaxed));
            if (answer.satisfiable() || answer.unknown() != null) {
                return answer;
            }
            Set<Integer> more = new HashSet<>(answer.coreThreads());
            more.remove(flip.thread());
            if (!relaxed.addAll(more)) {
                return answer;
            }
            counts.unsatCoresUsed++;
        }
    }

    /** The solution's schedule prefix (one choice per chosen event, in the solution's order) and inputs (the run's where it leaves them free). */
    private static SchedulePolicy prefixPolicy(Trace trace, PathConditionSolver.PrefixAnswer answer) {
        List<Choice> schedule = new ArrayList<>();
        for (int index : answer.order()) {
            Event e = trace.get(index);
            if (e.has(Event.CHOSEN)) {
                schedule.add(Choice.step(e.thread()));
            }
        }
        Map<String, Long> inputs = new LinkedHashMap<>();
        for (InputValue input : trace.inputs()) {
            inputs.put(input.name(), input.value());
        }
        inputs.putAll(answer.inputs());
        return new LenientPrefix(schedule, inputs);
    }

    /**
     * A solved schedule prefix that gives up, rather than diverge, where its next choice is not enabled (Weft's
     * model of the trace and the run disagree: the run is counted as a prefix missed) and runs freely from there.
     * A phase that proves nothing must not end the exploration as a divergence.
     */
    private static final class LenientPrefix implements SchedulePolicy {
        private final List<Choice> prefix;
        private final Map<String, Long> inputs;
        private boolean abandoned;

        LenientPrefix(List<Choice> prefix, Map<String, Long> inputs) {
            this.prefix = prefix;
            this.inputs = Map.copyOf(inputs);
        }

        @Override
        public Choice choose(SchedulingPoint point) {
            int step = point.steps();
            if (!abandoned && step < prefix.size()) {
                if (point.enabled().contains(prefix.get(step))) {
                    return prefix.get(step);
                }
                abandoned = true;
            }
            return ContinuationPolicy.INSTANCE.choose(point);
        }

        @Override
        public Map<String, Long> inputs() {
            return inputs;
        }
    }

    /** Each thread's branches (by name), each as where it is and which comparison held. */
    private static Map<String, List<String>> pathOf(Trace trace, ShadowLog log) {
        Map<String, List<String>> path = new TreeMap<>();
        for (ShadowLog.Branch b : log.branches()) {
            String name = b.at().thread() < 0 ? b.thread() : trace.symbols().threads().name(b.at().thread());
            path.computeIfAbsent(name, n -> new ArrayList<>()).add(b.key());
        }
        return path;
    }

    private static boolean startsWith(List<String> keys, List<String> prefix) {
        return keys.size() >= prefix.size() && keys.subList(0, prefix.size()).equals(prefix);
    }

    Counts counts() {
        return counts;
    }

    double solverSeconds() {
        return solverSeconds;
    }
}
