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
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The exploration loop: asks the strategy for a run, performs it, reports the result back, until
 * the strategy is out of runs, a limit is reached, a bug is found (unless all bugs are wanted), a
 * run shows that Weft cannot check this program, or Weft itself fails. A run may show several bugs
 * (an uncaught exception ends only its thread); each new one is reported, de-duplicated by kind and
 * location. The schedule of a run with a new bug is replayed once before its bugs are reported, so a
 * bug that does not reproduce is flagged instead of trusted; that replay describes the run's JDK
 * calls for the report. The result lists every reason the exploration is not complete: its stop,
 * the strategy's {@link Strategy#incompleteReasons()} and the runs' {@link RunResult#incompleteReasons()}.
 *
 * <p>With more than one worker, each worker thread runs a share of the strategy's work: the first
 * worker starts with the whole strategy, and a busy worker splits a share off ({@link Strategy#split})
 * for one that waits ({@link WorkPool}). The limits hold for all workers together; without
 * {@code --all-bugs} the first bug any worker records stops them all, and runs that finish after it
 * are left out. Which bug is first, and so the run numbers in the report, then depend on timing;
 * with all bugs, the bugs found do not.
 */
public final class Explorer {

    /** Told after every run; for progress output. */
    public interface Listener {
        void afterRun(long executions, long pending, int bugs, double seconds);

        /** Told with every run when the exploration has more than one worker: how many are running a share of it. */
        default void workers(int busy, int total) {
        }
    }

    /** Given for a program that reads inputs, explored by a strategy that does not explore them. */
    public static final IncompleteReason INPUTS_FIXED = IncompleteReason.of("inputs-fixed",
            "the program reads inputs (dev.weft.Weft.input) and this strategy explored its runs with one value for each (-s mpc explores them)");

    private final ProgramRunner runner;
    private final Strategy strategy;
    private final ExplorationLimits limits;
    private final Listener listener;
    private final Deadline deadline;
    private final int workers;
    private final List<FoundBug> bugs = new ArrayList<>();
    private final Set<String> bugKeys = new HashSet<>();
    private final List<IncompleteReason> runReasons = new ArrayList<>();
    /** Runs begun or about to begin: claimed before a run so that all workers together keep to the run limit. */
    private final AtomicLong claimed = new AtomicLong();
    private final AtomicLongArray pending;
    private WorkPool pool;
    private long executions;
    private long firstBug;
    private String error;
    /** The first stop any worker met; null while the work goes on. */
    private volatile Stop stop;
    private long start;

    /** An explorer whose deadline is {@code limits.timeLimit()} from now. */
    public Explorer(ProgramRunner runner, Strategy strategy, ExplorationLimits limits, Listener listener) {
        this(runner, strategy, limits, listener, Deadline.after(limits.timeLimit()));
    }

    /** An explorer on one worker, the calling thread. */
    public Explorer(ProgramRunner runner, Strategy strategy, ExplorationLimits limits, Listener listener, Deadline deadline) {
        this(runner, strategy, limits, listener, deadline, 1);
    }

    /**
     * @param deadline when to stop, shared with whatever must stop with the exploration (race
     *                 prediction, the runner's runs); it holds the time limit, so {@code limits.timeLimit()}
     *                 is not read
     * @param workers  threads that make runs at the same time, each running a share of the strategy's
     *                 work ({@link Strategy#split}); {@code runner} must allow concurrent runs when above 1
     */
    public Explorer(ProgramRunner runner, Strategy strategy, ExplorationLimits limits, Listener listener, Deadline deadline,
                    int workers) {
        this.runner = runner;
        this.strategy = strategy;
        this.limits = limits;
        this.listener = listener;
        this.deadline = deadline;
        this.workers = workers;
        this.pending = new AtomicLongArray(workers);
    }

    /** Stops the exploration (safe from any thread, e.g. a Ctrl-C handler): a run in progress is cut short where the runner can. */
    public void cancel() {
        deadline.cancel();
    }

    /** Explores once; an explorer is not reused. */
    public ExplorationResult explore() {
        start = System.nanoTime();
        MemoryReserve.hold();
        pool = new WorkPool(strategy, workers);
        runWorkers();
        List<Strategy> shares = pool.all();
        List<IncompleteReason> strategyReasons = new ArrayList<>();
        try {
            if (stop != Stop.ERROR) {
                shares.forEach(share -> share.incompleteReasons().forEach(r -> add(strategyReasons, r)));
            }
        } catch (Throwable failure) {
            error = WeftFailure.describe(failure);
            stop = Stop.ERROR;
        }
        Stop end = stop != null ? stop : Stop.EXHAUSTED;
        List<IncompleteReason> reasons = new ArrayList<>();
        if (end != Stop.EXHAUSTED) {
            reasons.add(reason(end));
        }
        strategyReasons.forEach(r -> add(reasons, r));
        runReasons.forEach(r -> add(reasons, r));
        Verdict verdict = !bugs.isEmpty() ? Verdict.BUG : end == Stop.ERROR ? Verdict.ERROR
                : reasons.isEmpty() ? Verdict.OK : Verdict.INCOMPLETE;
        double solverSeconds = shares.stream().mapToDouble(Strategy::solverSeconds).sum();
        return new ExplorationResult(strategy.name(), verdict, end, executions, firstBug, seconds(start),
                solverSeconds, bugs, error, reasons, workers, strategy.repeatedRuns(), strategy.counts());
    }

    /** Runs the workers, the calling thread alone when there is one, and waits for them all. */
    private void runWorkers() {
        if (workers == 1) {
            work(0);
            return;
        }
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < workers; i++) {
            int worker = i;
            Thread thread = new Thread(() -> work(worker), "weft-worker-" + i);
            thread.setDaemon(true);
            threads.add(thread);
            thread.start();
        }
        for (Thread thread : threads) {
            try {
                thread.join();
            } catch (InterruptedException e) {
                deadline.cancel();
                Thread.currentThread().interrupt();
            }
        }
    }

    /** One worker: takes shares and runs each until it is out of runs, until the work is done or stopped. */
    private void work(int worker) {
        try {
            Strategy share;
            while ((share = pool.take()) != null) {
                Stop shareStop = runShare(share, worker);
                if (shareStop != null) {
                    stopWith(shareStop);
                    return;
                }
                pending.set(worker, 0);
            }
        } catch (Throwable failure) {
            // Weft's own failure, whatever it is (the program's failures come back as run results): say so, never "no bug".
            synchronized (this) {
                error = WeftFailure.describe(failure);
            }
            stopWith(Stop.ERROR);
        }
    }

    /** Records the exploration's stop (the first one met wins) and ends the work. */
    private void stopWith(Stop met) {
        synchronized (this) {
            if (stop == null) {
                stop = met;
            }
        }
        pool.close();
    }

    /** Runs one share until it is out of runs (null) or a stop; returns the stop. */
    private Stop runShare(Strategy share, int worker) {
        share.stopWorkingAt(deadline);
        while (true) {
            Stop limit = limitReached();
            if (limit != null) {
                return limit;
            }
            SchedulePolicy policy = share.nextRun();
            if (policy == null) {
                claimed.decrementAndGet();
                // A strategy that the deadline stopped working may have run out of runs because of it.
                return deadline.stop();
            }
            if (pool.wanted()) {
                Strategy more = share.split();
                if (more != null) {
                    pool.offer(more);
                }
            }
            RunResult result = runner.run(policy);
            if (result.status() == RunResult.Status.STOPPED) {
                return deadline.stop() != null ? deadline.stop() : Stop.CANCELLED;
            }
            share.runFinished(result);
            pending.set(worker, share.pending());
            Stop runStop = recorded(result, share.exploresInputs());
            if (runStop != null) {
                return runStop;
            }
        }
    }

    /** The stop that prevents another run, or null after claiming one under the run limit. */
    private Stop limitReached() {
        if (deadline.stop() != null) {
            return deadline.stop();
        }
        if (stop != null) {
            return stop;
        }
        long max = limits.maxExecutions();
        if (max > 0 && claimed.getAndUpdate(c -> c < max ? c + 1 : c) >= max) {
            return Stop.MAX_EXECUTIONS;
        }
        if (max <= 0) {
            claimed.incrementAndGet();
        }
        return null;
    }

    /**
     * Counts a finished run and records what it found; returns the stop it calls for, or null to go on. A run that
     * finishes after another worker's bug stopped the exploration is left out: the first bug wins.
     */
    private synchronized Stop recorded(RunResult result, boolean inputsExplored) {
        if (stop == Stop.BUG_FOUND) {
            return stop;
        }
        executions++;
        result.incompleteReasons().forEach(r -> add(runReasons, r));
        if (!result.trace().inputs().isEmpty() && !inputsExplored) {
            add(runReasons, INPUTS_FIXED);
        }
        Stop runStop = afterRun(result);
        if (runStop != null && stop == null) {
            stop = runStop; // at once, so that no other worker's run adds a bug after the first
        }
        if (listener != null) {
            listener.afterRun(executions, totalPending(), bugs.size(), seconds(start));
            if (workers > 1) {
                listener.workers(pool.busy(), workers);
            }
        }
        return runStop;
    }

    /** Runs known to be still to do in every share, running or queued; -1 if a share cannot tell. */
    private long totalPending() {
        long total = pool.queuedPending();
        for (int i = 0; i < workers && total >= 0; i++) {
            total = pending.get(i) < 0 ? -1 : total + pending.get(i);
        }
        return total;
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
                bugs.set(first + i, replay == Replay.REPRODUCED ? described(result, described, fresh.get(i))
                        : found(result, result.trace(), fresh.get(i), replay));
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

    /** {@code bug} of {@code run} as the replay {@code described} reproduced it: its bugs and trace, objects named by where they were made. */
    private FoundBug described(RunResult run, RunResult described, Bug bug) {
        Bug same = described.bugs().stream().filter(b -> key(b).equals(key(bug))).findFirst().orElseThrow();
        return new FoundBug(same, executions, run.schedule(), described.trace(), Replay.REPRODUCED, described.bugs());
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
        return stopReason(stop, deadline, limits.maxExecutions(), error);
    }

    /**
     * Why an exploration that ended with {@code stop} (not {@link Stop#EXHAUSTED}) is not complete, for every explorer
     * (weft-cluster's too): {@code error} is what Weft could not do, for the stops that have one.
     */
    public static IncompleteReason stopReason(Stop stop, Deadline deadline, long maxExecutions, String error) {
        return switch (stop) {
            case TIME_LIMIT, CANCELLED -> deadline.reason();
            case MAX_EXECUTIONS -> IncompleteReason.of("max-executions",
                    "the exploration stopped at its limit of " + maxExecutions + " executions");
            case BUG_FOUND -> IncompleteReason.of("first-bug", "the exploration stopped at the first bug");
            case UNSUPPORTED -> IncompleteReason.of("unsupported", error);
            case DIVERGED -> IncompleteReason.of("diverged", error);
            case ERROR -> IncompleteReason.of("error", error);
            case EXHAUSTED -> throw new IllegalArgumentException("an exhausted exploration has no stop reason");
        };
    }

    /** Adds {@code reason} to {@code reasons}, counting it into an equal one already there. */
    private static void add(List<IncompleteReason> reasons, IncompleteReason reason) {
        IncompleteReason.addTo(reasons, reason);
    }

    /** Bugs are the same when they are of one kind at one location (or, without a location, say the same). */
    private static String key(Bug bug) {
        return bug.kind() + "@" + (bug.location() != null ? bug.location().toString() : Objects.toString(bug.message()));
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }
}
