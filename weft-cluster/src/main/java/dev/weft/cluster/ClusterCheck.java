package dev.weft.cluster;

import com.hazelcast.cluster.MembershipEvent;
import com.hazelcast.cluster.MembershipListener;
import com.hazelcast.map.IMap;
import dev.weft.check.CheckRequest;
import dev.weft.check.CheckResult;
import dev.weft.explore.Deadline;
import dev.weft.explore.ExplorationResult;
import dev.weft.explore.ExplorationResult.Stop;
import dev.weft.explore.ExplorationResult.Verdict;
import dev.weft.explore.Explorer;
import dev.weft.explore.FoundBug;
import dev.weft.instrument.BadProgramException;
import dev.weft.race.RaceFindings;
import dev.weft.report.Progress;
import dev.weft.trace.IncompleteReason;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.stream.Collectors;

/**
 * {@code weft check --cluster}: one mcr exploration on every member of the cluster, this JVM among them. It queues the
 * first run, publishes the job for the workers, works on it itself, watches for the end (every seed has its result,
 * or a stop: a bug, the time limit, Ctrl-C, a failure), queues again the seeds of members that leave, and makes the
 * check's result from the seeds' results, replaying the bugs here for the report.
 */
public final class ClusterCheck {
    static final String CURRENT = "current";
    private static final long WATCH_MILLIS = 200;
    /** How often, with the queue empty, open seeds that nobody holds are looked for. */
    private static final long SWEEP_MILLIS = 2000;
    private static final double PROGRESS_SECONDS = 2;

    private final ClusterMember member;
    private final MemberJob job;
    private final Progress progress;
    private final long start = System.nanoTime();
    private double lastTold;

    private ClusterCheck(ClusterMember member, MemberJob job, Progress progress) {
        this.member = member;
        this.job = job;
        this.progress = progress;
    }

    static IMap<String, Job> jobs(ClusterMember member) {
        return member.hazelcast().getMap("weft-jobs");
    }

    /**
     * Checks {@code request} on the cluster; {@code job} carries the arguments the workers make the same request from.
     *
     * @param deadline the check's, started when the command was
     * @throws BadProgramException when the program cannot be opened here
     */
    public static CheckResult check(ClusterMember member, Job job, CheckRequest request, Deadline deadline) throws BadProgramException {
        Progress progress = new Progress(request.progress(), request.progressInPlace(), PROGRESS_SECONDS, request.timeLimit());
        progress.start();
        try {
            MemberJob taken = MemberJob.open(member, job, request, deadline);
            return new ClusterCheck(member, taken, progress).run();
        } finally {
            progress.finish();
            MemberJob.leave();
        }
    }

    private CheckResult run() {
        JobSpace space = job.space;
        UUID listener = member.hazelcast().getCluster().addMembershipListener(new MembershipListener() {
            @Override
            public void memberAdded(MembershipEvent event) {
                // A member that joins takes the job's open seeds from the queue.
            }

            @Override
            public void memberRemoved(MembershipEvent event) {
                space.requeueLeasesOf(event.getMember().getUuid());
            }
        });
        space.offer(JobSpace.FIRST, new SeedBox(null));
        jobs(member).set(CURRENT, space.job);
        Thread local = new Thread(() -> job.worker(member).work(), "weft-cluster-worker");
        local.setDaemon(true);
        local.start();
        try {
            watch();
            local.join();
        } catch (InterruptedException e) {
            job.deadline.cancel();
            Thread.currentThread().interrupt();
        } finally {
            jobs(member).remove(CURRENT);
            member.hazelcast().getCluster().removeMembershipListener(listener);
        }
        progress.finish();
        CheckResult result = result();
        space.destroy();
        return result;
    }

    /** Waits for the job's end: every seed has its result, or a stop; this JVM's deadline stops the whole job. */
    private void watch() throws InterruptedException {
        JobSpace space = job.space;
        long lastSweep = System.nanoTime();
        while (space.stopped() == null && !space.done()) {
            if (job.deadline.stop() != null) {
                space.stop(job.deadline.stop().name());
                break;
            }
            if (System.nanoTime() - lastSweep > SWEEP_MILLIS * 1_000_000 && space.queue.isEmpty()) {
                space.requeueUnleased();
                lastSweep = System.nanoTime();
            }
            progress.afterRun(space.runs.get(), space.queue.size(), (int) space.bugs.get(), seconds());
            progress.workers(space.leases.size(), member.members());
            tellMembers();
            Thread.sleep(WATCH_MILLIS);
        }
    }

    /** Every so often, on progress that is not rewritten in place: each member's runs so far. */
    private void tellMembers() {
        PrintWriter out = job.request.progress();
        if (out == null || job.request.progressInPlace() || seconds() < lastTold + PROGRESS_SECONDS) {
            return;
        }
        lastTold = seconds();
        Map<String, Long> runs = new TreeMap<>(job.space.memberRuns);
        out.println("cluster: " + ClusterMember.count(member.members()) + "; runs by member: " + runs.entrySet().stream()
                .map(e -> e.getKey() + " " + e.getValue() + " runs").collect(Collectors.joining(", ")));
        out.flush();
    }

    private CheckResult result() {
        JobSpace space = job.space;
        String stopped = space.stopped();
        Stop stop = stopped != null ? Stop.valueOf(stopped) : Stop.EXHAUSTED;
        String error = space.control.get("error");
        Collection<SeedResult> results = space.results.values();
        List<IncompleteReason> reasons = new ArrayList<>();
        if (stop != Stop.EXHAUSTED) {
            reasons.add(Explorer.stopReason(stop, job.deadline, 0, error));
        }
        long executions = 0;
        double solverSeconds = 0;
        Set<String> states = new HashSet<>();
        List<SeedResult> bugRuns = new ArrayList<>();
        for (SeedResult seed : results) {
            executions += seed.ran() ? 1 : 0;
            solverSeconds += seed.solverSeconds();
            if (seed.state() != null) {
                states.add(seed.state());
            }
            if (seed.bug()) {
                bugRuns.add(seed);
            }
            seed.reasons().forEach(r -> IncompleteReason.addTo(reasons, r));
        }
        bugRuns.sort(Comparator.comparingLong(SeedResult::run));
        List<FoundBug> bugs = BugReplays.replay(job.runner, bugRuns, reasons);
        Verdict verdict = !bugs.isEmpty() ? Verdict.BUG : stop == Stop.ERROR ? Verdict.ERROR
                : reasons.isEmpty() ? Verdict.OK : Verdict.INCOMPLETE;
        long firstBug = bugs.isEmpty() ? 0 : bugs.get(0).execution();
        ExplorationResult exploration = new ExplorationResult("mcr", verdict, stop, executions, firstBug, seconds(), solverSeconds,
                bugs, error, reasons, Math.max(1, space.memberRuns.size()), executions - states.size());
        return new CheckResult(job.request.program(), job.config, exploration, RaceFindings.observed(List.of()),
                job.program.symbols(), job.program.standardInputRead(), progress.samples(), null);
    }

    private double seconds() {
        return (System.nanoTime() - start) / 1e9;
    }
}
