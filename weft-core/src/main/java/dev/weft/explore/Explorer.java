package dev.weft.explore;

import dev.weft.explore.ExplorationResult.Stop;
import dev.weft.explore.ExplorationResult.Verdict;
import dev.weft.runtime.ProgramRunner;
import dev.weft.runtime.SchedulePolicy;
import dev.weft.trace.Bug;
import dev.weft.trace.RunResult;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The exploration loop: asks the strategy for a run, performs it, reports the result back, until
 * the strategy is out of runs, a limit is reached, a bug is found (unless all bugs are wanted) or
 * a run shows that Weft cannot check this program. A run may show several bugs (an uncaught
 * exception ends only its thread); each new one is reported, de-duplicated by kind and location.
 * The schedule of a run with a new bug is replayed once before its bugs are reported, so a bug that
 * does not reproduce is flagged instead of trusted.
 */
public final class Explorer {

    /** Told after every run; for progress output. */
    public interface Listener {
        void afterRun(long executions, long pending, int bugs, double seconds);
    }

    private final ProgramRunner runner;
    private final Strategy strategy;
    private final Limits limits;
    private final Listener listener;
    private volatile boolean cancelled;

    public Explorer(ProgramRunner runner, Strategy strategy, Limits limits, Listener listener) {
        this.runner = runner;
        this.strategy = strategy;
        this.limits = limits;
        this.listener = listener;
    }

    /** Stops the exploration after the current run (safe from any thread, e.g. a Ctrl-C handler). */
    public void cancel() {
        cancelled = true;
    }

    public ExplorationResult explore() {
        long start = System.nanoTime();
        if (limits.timeLimit() != null) {
            strategy.stopWorkingAt(start + limits.timeLimit().toNanos());
        }
        List<FoundBug> bugs = new ArrayList<>();
        Set<String> bugKeys = new HashSet<>();
        long executions = 0;
        long firstBug = 0;
        String error = null;
        Stop stop;
        while (true) {
            if (cancelled) {
                stop = Stop.CANCELLED;
                break;
            }
            if (limits.maxExecutions() > 0 && executions >= limits.maxExecutions()) {
                stop = Stop.MAX_EXECUTIONS;
                break;
            }
            if (limits.timeLimit() != null && System.nanoTime() - start >= limits.timeLimit().toNanos()) {
                stop = Stop.TIME_LIMIT;
                break;
            }
            SchedulePolicy policy = strategy.nextRun();
            if (policy == null) {
                stop = Stop.EXHAUSTED;
                break;
            }
            RunResult result = runner.run(policy);
            executions++;
            strategy.runFinished(result);
            Stop runStop = null;
            switch (result.status()) {
                case BUG -> {
                    RunResult replayed = null;
                    for (Bug bug : result.bugs()) {
                        if (bugKeys.add(key(bug))) {
                            replayed = replayed != null ? replayed : replay(result);
                            bugs.add(new FoundBug(bug, executions, result.schedule(), result.trace(), shows(replayed, bug), result.bugs()));
                        }
                    }
                    if (firstBug == 0) {
                        firstBug = executions;
                    }
                    if (!limits.allBugs()) {
                        runStop = Stop.BUG_FOUND;
                    }
                }
                case UNSUPPORTED -> {
                    runStop = Stop.UNSUPPORTED;
                    error = result.detail();
                }
                case DIVERGED -> {
                    runStop = Stop.DIVERGED;
                    error = "run " + executions + " did not follow its schedule: " + result.detail();
                }
                case COMPLETED -> {
                }
            }
            if (listener != null) {
                listener.afterRun(executions, strategy.pending(), bugs.size(), seconds(start));
            }
            if (runStop != null) {
                stop = runStop;
                break;
            }
        }
        boolean complete = stop == Stop.EXHAUSTED && strategy.exhaustive();
        Verdict verdict = !bugs.isEmpty() ? Verdict.BUG : complete ? Verdict.OK : Verdict.INCOMPLETE;
        return new ExplorationResult(strategy.name(), verdict, complete, stop, executions, firstBug, seconds(start),
                strategy.solverSeconds(), List.copyOf(bugs), error);
    }

    /** Runs a run's schedule again, to check that its bugs come out again. */
    private RunResult replay(RunResult found) {
        return runner.run(new PrefixPolicy(found.schedule(), ContinuationPolicy.INSTANCE));
    }

    private static boolean shows(RunResult run, Bug bug) {
        return run.bugs().stream().anyMatch(b -> key(b).equals(key(bug)));
    }

    /** Bugs are the same when they are of one kind at one location (or, without a location, say the same). */
    private static String key(Bug bug) {
        return bug.kind() + "@" + (bug.location() != null ? bug.location().toString() : Objects.toString(bug.message()));
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }
}
