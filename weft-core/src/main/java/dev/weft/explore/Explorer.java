package dev.weft.explore;

import dev.weft.explore.ExplorationResult.Stop;
import dev.weft.explore.ExplorationResult.Verdict;
import dev.weft.explore.FoundBug.Replay;
import dev.weft.runtime.MemoryReserve;
import dev.weft.runtime.ProgramRunner;
import dev.weft.runtime.SchedulePolicy;
import dev.weft.trace.Bug;
import dev.weft.trace.IncompleteReason;
import dev.weft.trace.InputValue;
import dev.weft.trace.RunResult;
import dev.weft.trace.Trace;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The exploration loop: asks the strategy for a run, performs it, reports the result back, until
 * the strategy is out of runs, a limit is reached, a bug is found (unless all bugs are wanted), a
 * run shows that Weft cannot check this program, or Weft itself fails. A run may show several bugs
 * (an uncaught exception ends only its thread); each new one is reported, de-duplicated by kind and
 * location. The schedule of a run with a new bug is replayed once before its bugs are reported, so a
 * bug that does not reproduce is flagged instead of trusted; that replay describes the run's JDK
 * calls for the report. The result lists every reason the exploration is not complete: its stop,
 * the strategy's {@link Strategy#incompleteReasons()} and the runs' {@link RunResult#incompleteReasons()}.
 */
public final class Explorer {

    /** Told after every run; for progress output. */
    public interface Listener {
        void afterRun(long executions, long pending, int bugs, double seconds);
    }

    private static final IncompleteReason INPUTS_FIXED = IncompleteReason.of("inputs-fixed",
            "the program reads inputs (dev.weft.Weft.input) and this strategy explored its runs with one value for each (-s mpc explores them)");

    private final ProgramRunner runner;
    private final Strategy strategy;
    private final ExplorationLimits limits;
    private final Listener listener;
    private final Deadline deadline;
    private final List<FoundBug> bugs = new ArrayList<>();
    private final Set<String> bugKeys = new HashSet<>();
    private final List<IncompleteReason> runReasons = new ArrayList<>();
    private long executions;
    private long firstBug;
    private String error;

    /** An explorer whose deadline is {@code limits.timeLimit()} from now. */
    public Explorer(ProgramRunner runner, Strategy strategy, ExplorationLimits limits, Listener listener) {
        this(runner, strategy, limits, listener, Deadline.after(limits.timeLimit()));
    }

    /**
     * @param deadline when to stop, shared with whatever must stop with the exploration (race
     *                 prediction, the runner's runs); it holds the time limit, so {@code limits.timeLimit()}
     *                 is not read
     */
    public Explorer(ProgramRunner runner, Strategy strategy, ExplorationLimits limits, Listener listener, Deadline deadline) {
        this.runner = runner;
        this.strategy = strategy;
        this.limits = limits;
        this.listener = listener;
        this.deadline = deadline;
    }

    /** Stops the exploration (safe from any thread, e.g. a Ctrl-C handler): a run in progress is cut short where the runner can. */
    public void cancel() {
        deadline.cancel();
    }

    /** Explores once; an explorer is not reused. */
    public ExplorationResult explore() {
        long start = System.nanoTime();
        MemoryReserve.hold();
        Stop stop;
        List<IncompleteReason> strategyReasons = List.of();
        try {
            strategy.stopWorkingAt(deadline);
            stop = loop(start);
            strategyReasons = strategy.incompleteReasons();
        } catch (Throwable failure) {
            // Weft's own failure, whatever it is (the program's failures come back as run results): say so, never "no bug".
            stop = Stop.ERROR;
            error = WeftFailure.describe(failure);
        }
        List<IncompleteReason> reasons = new ArrayList<>();
        if (stop != Stop.EXHAUSTED) {
            reasons.add(reason(stop));
        }
        strategyReasons.forEach(r -> add(reasons, r));
        runReasons.forEach(r -> add(reasons, r));
        Verdict verdict = !bugs.isEmpty() ? Verdict.BUG : stop == Stop.ERROR ? Verdict.ERROR
                : reasons.isEmpty() ? Verdict.OK : Verdict.INCOMPLETE;
        return new ExplorationResult(strategy.name(), verdict, stop, executions, firstBug, seconds(start),
                strategy.solverSeconds(), bugs, error, reasons);
    }

    /** Runs until a stop; returns why it stopped. */
    private Stop loop(long start) {
        while (true) {
            Stop limit = limitReached();
            if (limit != null) {
                return limit;
            }
            SchedulePolicy policy = strategy.nextRun();
            if (policy == null) {
                // A strategy that the deadline stopped working may have run out of runs because of it.
                return deadline.stop() != null ? deadline.stop() : Stop.EXHAUSTED;
            }
            RunResult result = runner.run(policy);
            if (result.status() == RunResult.Status.STOPPED) {
                return deadline.stop() != null ? deadline.stop() : Stop.CANCELLED;
            }
            executions++;
            strategy.runFinished(result);
            result.incompleteReasons().forEach(r -> add(runReasons, r));
            if (!result.trace().inputs().isEmpty() && !strategy.exploresInputs()) {
                add(runReasons, INPUTS_FIXED);
            }
            Stop runStop = afterRun(result);
            if (listener != null) {
                listener.afterRun(executions, strategy.pending(), bugs.size(), seconds(start));
            }
            if (runStop != null) {
                return runStop;
            }
        }
    }

    private Stop limitReached() {
        if (deadline.stop() != null) {
            return deadline.stop();
        }
        return limits.maxExecutions() > 0 && executions >= limits.maxExecutions() ? Stop.MAX_EXECUTIONS : null;
    }

    /** Records what the run found; returns the stop it calls for, or null to go on. */
    private Stop afterRun(RunResult result) {
        return switch (result.status()) {
            case BUG -> {
                List<Bug> fresh = result.bugs().stream().filter(bug -> bugKeys.add(key(bug))).toList();
                if (!fresh.isEmpty()) {
                    firstBug = firstBug == 0 ? executions : firstBug;
                    addReplayed(result, fresh);
                }
                yield limits.allBugs() ? null : Stop.BUG_FOUND;
            }
            case UNSUPPORTED -> {
                error = result.detail();
                yield Stop.UNSUPPORTED;
            }
            case DIVERGED -> {
                error = "run " + executions + " did not follow its schedule: " + result.detail();
                yield Stop.DIVERGED;
            }
            // A cut run gave its reason with its result (the loop bound and where it was reached).
            case COMPLETED, STOPPED, CUT, ASSUMPTION_FAILED -> null;
        };
    }

    /**
     * Adds the run's new bugs, each checked by a replay of the run's schedule that describes its JDK
     * calls; a reproduced bug keeps that replay's trace, with the calls in words. Describing takes
     * memory and time, so a run at the edge of either (a program that fills the heap) may come out
     * otherwise: a bug that replay missed is checked by a plain replay, as the run was made.
     */
    private void addReplayed(RunResult result, List<Bug> fresh) {
        // Kept as not replayed until the replay says otherwise: Weft failing in the replay must not lose the bugs.
        int first = bugs.size();
        fresh.forEach(bug -> bugs.add(found(result, result.trace(), bug, Replay.NOT_CHECKED)));
        Map<String, Long> inputs = InputValue.values(result.trace().inputs());
        RunResult described = replay(PrefixPolicy.forReport(result.schedule()).withInputs(inputs));
        List<Integer> missed = new ArrayList<>();
        for (int i = 0; i < fresh.size(); i++) {
            Replay replay = replayOf(described, fresh.get(i));
            if (replay == Replay.NOT_REPRODUCED) {
                missed.add(i);
            } else {
                bugs.set(first + i, found(result, replay == Replay.REPRODUCED ? described.trace() : result.trace(), fresh.get(i), replay));
            }
        }
        if (missed.isEmpty()) {
            return;
        }
        described = null; // its trace goes before the plain replay: a run at the heap's edge needs the room
        RunResult plain = replay(new PrefixPolicy(result.schedule(), ContinuationPolicy.INSTANCE).withInputs(inputs));
        for (int i : missed) {
            bugs.set(first + i, found(result, result.trace(), fresh.get(i), replayOf(plain, fresh.get(i))));
        }
    }

    private FoundBug found(RunResult run, Trace trace, Bug bug, Replay replay) {
        return new FoundBug(bug, executions, run.schedule(), trace, replay, run.bugs());
    }

    /** Runs {@code policy}, a replay of a run's schedule; null when the deadline did not let it. */
    private RunResult replay(PrefixPolicy policy) {
        if (deadline.passed()) {
            return null;
        }
        RunResult again = runner.run(policy);
        return again.status() == RunResult.Status.STOPPED ? null : again;
    }

    /** What the replay {@code again} (null: none was made) showed of {@code bug}. */
    private static Replay replayOf(RunResult again, Bug bug) {
        if (again == null) {
            return Replay.NOT_CHECKED;
        }
        return again.bugs().stream().anyMatch(b -> key(b).equals(key(bug))) ? Replay.REPRODUCED : Replay.NOT_REPRODUCED;
    }

    /** Why an exploration that ended with {@code stop} (not {@link Stop#EXHAUSTED}) is not complete. */
    private IncompleteReason reason(Stop stop) {
        return switch (stop) {
            case TIME_LIMIT, CANCELLED -> deadline.reason();
            case MAX_EXECUTIONS -> IncompleteReason.of("max-executions",
                    "the exploration stopped at its limit of " + limits.maxExecutions() + " executions");
            case BUG_FOUND -> IncompleteReason.of("first-bug", "the exploration stopped at the first bug");
            case UNSUPPORTED -> IncompleteReason.of("unsupported", error);
            case DIVERGED -> IncompleteReason.of("diverged", error);
            case ERROR -> IncompleteReason.of("error", error);
            case EXHAUSTED -> throw new IllegalArgumentException("an exhausted exploration has no stop reason");
        };
    }

    /** Adds {@code reason} to {@code reasons}, counting it into an equal one already there. */
    private static void add(List<IncompleteReason> reasons, IncompleteReason reason) {
        for (int i = 0; i < reasons.size(); i++) {
            if (reasons.get(i).sameAs(reason)) {
                reasons.set(i, reasons.get(i).plus(reason.count()));
                return;
            }
        }
        reasons.add(reason);
    }

    /** Bugs are the same when they are of one kind at one location (or, without a location, say the same). */
    private static String key(Bug bug) {
        return bug.kind() + "@" + (bug.location() != null ? bug.location().toString() : Objects.toString(bug.message()));
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }
}
