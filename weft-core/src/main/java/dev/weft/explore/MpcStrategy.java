package dev.weft.explore;

import dev.weft.runtime.SchedulePolicy;
import dev.weft.runtime.SchedulingPoint;
import dev.weft.runtime.symbolic.Expr;
import dev.weft.runtime.symbolic.Shadow;
import dev.weft.runtime.symbolic.ShadowLog;
import dev.weft.solver.PathConditionSolver;
import dev.weft.trace.Choice;
import dev.weft.trace.IncompleteReason;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.RunResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@code -s mpc}: program inputs and schedules explored together (Maximal Path Causality, Yi and
 * Huang, ESEC/FSE 2018; docs/mpc.md). Departs from the paper's §3.3 Algorithms 1-2: instead of one
 * run per path prefix with schedules from Φ_sync ∧ Φ_dc, it explores the schedules of one input with
 * DPOR (every Mazurkiewicz class, so every reads-from the program allows under that input) while the
 * shadow execution records each run's path condition over the inputs (reads replaced by the writes
 * they read). The conjunction of every branch condition of every run of that input is the input's
 * class: every input in it takes the same branches under every schedule, so it shows the same paths
 * and bugs. The next input is one Z3 places outside every class explored; none left, every path is
 * covered. A concretisation (docs/mpc.md) can hide a path: the check is then incomplete.
 * SC only: the class argument needs one write per read that the run's order fixes.
 */
public final class MpcStrategy implements Strategy {
    private static final String CONCRETISED = "concretised";

    private final MemoryModel model;
    private final List<List<Expr.Condition>> classes = new ArrayList<>();
    private final List<IncompleteReason> reasons = new ArrayList<>();
    private Map<String, Long> inputs = Map.of();
    private Map<String, Expr.Condition> current = new LinkedHashMap<>();
    private DporStrategy schedules;
    private ShadowLog log;
    private double solverSeconds;
    private Deadline deadline;
    /** The first phase, one run per path prefix; null once it has nothing left. */
    private PathExploration paths = new PathExploration(Map.of());
    private PathExploration.Counts pathCounts;
    private long concretisations;
    /** Every input is in an explored class: nothing is left. */
    private boolean done;

    public MpcStrategy(MemoryModel model) {
        if (model != MemoryModel.SC) {
            throw new IllegalArgumentException("the mpc strategy explores under SC only (its input classes assume one write per read)");
        }
        this.model = model;
        this.schedules = new DporStrategy(model);
    }

    @Override
    public String name() {
        return "mpc";
    }

    @Override
    public boolean exploresInputs() {
        return true;
    }

    @Override
    public SchedulePolicy nextRun() {
        if (paths != null) {
            SchedulePolicy next = paths.nextRun();
            if (next != null) {
                log = Shadow.begin();
                return next;
            }
            pathCounts = paths.counts();
            solverSeconds += paths.solverSeconds();
            paths = null;
        }
        while (!done) {
            SchedulePolicy next = schedules.nextRun();
            if (next != null) {
                log = Shadow.begin();
                return withInputs(next, inputs);
            }
            schedules.incompleteReasons().forEach(reason -> IncompleteReason.addTo(reasons, reason));
            classes.add(List.copyOf(current.values()));
            Map<String, Long> outside = nextInputs();
            if (outside == null) {
                done = true;
                return null;
            }
            inputs = outside;
            current = new LinkedHashMap<>();
            schedules = new DporStrategy(model);
            if (deadline != null) {
                schedules.stopWorkingAt(deadline);
            }
        }
        return null;
    }

    /** Inputs outside every class explored, or null when there are none (or the solver cannot tell: then a reason). */
    private Map<String, Long> nextInputs() {
        long start = System.nanoTime();
        try (PathConditionSolver solver = new PathConditionSolver()) {
            PathConditionSolver.Result result = solver.outside(classes);
            if (result.unknown() != null) {
                IncompleteReason.addTo(reasons, IncompleteReason.of("solver-unknown", "the solver could not tell whether inputs outside the explored classes exist: "
                        + result.unknown()));
            }
            return result.inputs();
        } finally {
            solverSeconds += (System.nanoTime() - start) / 1e9;
        }
    }

    @Override
    public void runFinished(RunResult result) {
        if (paths != null) {
            paths.runFinished(result, log);
        } else {
            schedules.runFinished(result);
            for (ShadowLog.Branch branch : log.branches()) {
                Expr.Condition condition = log.resolved(branch.taken());
                current.putIfAbsent(condition.toString(), condition);
            }
        }
        concretisations += log.concretisations().size();
        for (ShadowLog.Concretisation c : log.concretisations()) {
            IncompleteReason.addTo(reasons, IncompleteReason.of(CONCRETISED, c + ": a path that depends on the value may be missed"));
        }
    }

    @Override
    public List<IncompleteReason> incompleteReasons() {
        List<IncompleteReason> all = new ArrayList<>(reasons);
        if (!done) {
            all.addAll(schedules.incompleteReasons());
        }
        return all;
    }

    @Override
    public void stopWorkingAt(Deadline deadline) {
        this.deadline = deadline;
        schedules.stopWorkingAt(deadline);
    }

    /** Input classes explored so far (the current one included); 0 while the path phase runs. */
    public int inputClasses() {
        return paths != null ? 0 : done ? classes.size() : classes.size() + 1;
    }

    @Override
    public Map<String, Long> counts() {
        PathExploration.Counts phase = paths != null ? paths.counts() : pathCounts;
        Map<String, Long> counts = new LinkedHashMap<>();
        counts.put("pathsExplored", phase.pathsExplored);
        counts.put("infeasiblePrefixes", phase.infeasiblePrefixes);
        counts.put("unsatCoresUsed", phase.unsatCoresUsed);
        counts.put("prefixesMissed", phase.prefixesMissed);
        counts.put("unmodelledRuns", phase.unmodelledRuns);
        counts.put("concretisations", concretisations);
        if (inputClasses() > 0) {
            counts.put("inputClasses", (long) inputClasses());
        }
        return counts;
    }

    @Override
    public double solverSeconds() {
        return solverSeconds + (paths == null ? 0 : paths.solverSeconds());
    }

    private static SchedulePolicy withInputs(SchedulePolicy policy, Map<String, Long> inputs) {
        return new SchedulePolicy() {
            @Override
            public Choice choose(SchedulingPoint point) {
                return policy.choose(point);
            }

            @Override
            public boolean recordsForReport() {
                return policy.recordsForReport();
            }

            @Override
            public Map<String, Long> inputs() {
                return inputs;
            }
        };
    }
}
