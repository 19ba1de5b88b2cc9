package dev.weft.cluster;

import dev.weft.causal.ReadSignature;
import dev.weft.causal.Seed;
import dev.weft.explore.Deadline;
import dev.weft.explore.ExplorationResult.Stop;
import dev.weft.explore.Explorer;
import dev.weft.explore.McrStrategy;
import dev.weft.explore.WeftFailure;
import dev.weft.runtime.ProgramRunner;
import dev.weft.runtime.SchedulePolicy;
import dev.weft.trace.IncompleteReason;
import dev.weft.trace.InputValue;
import dev.weft.trace.RunResult;
import dev.weft.trace.RunResult.Status;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * One member's share of a cluster job: takes open seeds, its own first and then the queue's, one at a time, leases
 * each, runs it with this member's mcr strategy ({@link McrStrategy#runFor}), queues the seeds it led to and then
 * writes its result, until every seed has one or the job stops. A run this member's deadline cut short leaves its seed
 * open: another member, or nobody when the whole job stops, runs it.
 */
final class SeedWorker {
    private static final long POLL_MILLIS = 200;

    private final JobSpace space;
    private final McrStrategy strategy;
    private final ProgramRunner runner;
    private final Deadline deadline;
    private final UUID member;
    private final String address;
    private final boolean allBugs;
    private long runs;
    /**
     * Names of the seeds this member queued, run last in first out before any from the shared queue: on one member the
     * seeds run in a local check's order (depth first), and the others take the oldest from the queue, those of the
     * shallowest runs, as a local worker takes the older half of another's seeds. A name run here stays in the queue,
     * where leasing skips it.
     */
    private final Deque<String> own = new ArrayDeque<>();

    SeedWorker(JobSpace space, McrStrategy strategy, ProgramRunner runner, Deadline deadline, ClusterMember member, boolean allBugs) {
        this.space = space;
        this.strategy = strategy;
        this.runner = runner;
        this.deadline = deadline;
        this.member = member.uuid();
        this.address = member.address().toString();
        this.allBugs = allBugs;
        strategy.stopWorkingAt(deadline);
    }

    /** Works until the job is done or stopped; Weft's own failure stops the job with its description. */
    void work() {
        try {
            String name;
            while (!deadline.passed() && space.stopped() == null) {
                name = own.isEmpty() ? space.queue.poll(POLL_MILLIS, TimeUnit.MILLISECONDS) : own.pollLast();
                if (name == null) {
                    if (space.done()) {
                        return;
                    }
                } else if (space.lease(name, member)) {
                    runLeased(name);
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Throwable failure) {
            // Weft's own failure, never the program's: the job ends with it (the program's failures come back as run results).
            space.control.putIfAbsent("error", WeftFailure.describe(failure));
            space.stop(Stop.ERROR.name());
        }
    }

    private void runLeased(String name) {
        SeedBox seed = space.seeds.get(name);
        if (seed == null) {
            return; // the job is over and its structures were freed
        }
        SeedResult result = run(seed.seed());
        if (result == null) {
            space.leases.remove(name); // stopped mid-run: the seed stays open
            return;
        }
        space.finish(name, result);
        Stop stop = stopFor(result.status());
        if (stop != null) {
            if (result.error() != null) {
                space.control.putIfAbsent("error", result.error());
            }
            space.stop(stop.name());
        }
    }

    /** The stop a run with this status calls for, or null to go on. */
    private Stop stopFor(String status) {
        if (status == null) {
            return null;
        }
        return switch (Status.valueOf(status)) {
            case BUG -> allBugs ? null : Stop.BUG_FOUND;
            case UNSUPPORTED -> Stop.UNSUPPORTED;
            case DIVERGED -> Stop.DIVERGED;
            case COMPLETED, STOPPED, CUT, ASSUMPTION_FAILED -> null;
        };
    }

    /** Runs one seed (null: the first run) and queues its successors; null when the deadline cut its run short. */
    private SeedResult run(Seed seed) {
        List<IncompleteReason> before = strategy.incompleteReasons();
        double solving = strategy.solverSeconds();
        SchedulePolicy policy = strategy.runFor(seed);
        RunResult run = policy != null ? runner.run(policy) : null;
        if (run != null && run.status() == Status.STOPPED) {
            return null;
        }
        long number = 0;
        if (run != null) {
            number = space.runs.incrementAndGet();
            space.memberRuns.set(address, ++runs);
            if (run.status() == Status.BUG) {
                space.bugs.incrementAndGet();
            }
            strategy.runFinished(run);
        }
        if (run == null || stopFor(run.status().name()) == null) {
            for (Seed next : strategy.takeSeeds()) {
                String name = StateKey.of(next.region());
                if (space.offer(name, new SeedBox(next))) {
                    own.addLast(name);
                }
            }
        }
        List<IncompleteReason> reasons = added(before, strategy.incompleteReasons());
        double solverSeconds = strategy.solverSeconds() - solving;
        if (run == null) {
            return new SeedResult(0, null, null, List.of(), Map.of(), reasons, solverSeconds, null);
        }
        run.incompleteReasons().forEach(r -> IncompleteReason.addTo(reasons, r));
        if (!run.trace().inputs().isEmpty()) {
            IncompleteReason.addTo(reasons, Explorer.INPUTS_FIXED);
        }
        boolean modelled = run.status() != Status.UNSUPPORTED && run.status() != Status.DIVERGED;
        return new SeedResult(number, modelled ? StateKey.of(ReadSignature.of(run.trace())) : null, run.status().name(),
                run.status() == Status.BUG ? List.copyOf(run.schedule()) : List.of(), InputValue.values(run.trace().inputs()),
                reasons, solverSeconds, error(run));
    }

    private static String error(RunResult run) {
        return switch (run.status()) {
            case UNSUPPORTED -> run.detail();
            case DIVERGED -> "a run did not follow its schedule: " + run.detail();
            default -> null;
        };
    }

    /** What {@code after} counts beyond {@code before}: the reasons one seed added to the strategy's. */
    private static List<IncompleteReason> added(List<IncompleteReason> before, List<IncompleteReason> after) {
        List<IncompleteReason> added = new ArrayList<>();
        for (IncompleteReason reason : after) {
            long earlier = before.stream().filter(reason::sameAs).mapToLong(IncompleteReason::count).sum();
            if (reason.count() > earlier) {
                added.add(new IncompleteReason(reason.kind(), reason.message(), reason.count() - earlier));
            }
        }
        return added;
    }
}
