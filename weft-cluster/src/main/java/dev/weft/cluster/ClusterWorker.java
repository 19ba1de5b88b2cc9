package dev.weft.cluster;

import com.hazelcast.map.IMap;
import com.hazelcast.map.listener.EntryAddedListener;
import dev.weft.check.CheckRequest;
import dev.weft.explore.Deadline;
import dev.weft.instrument.BadProgramException;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * {@code weft worker}: a member that takes part in every job the cluster's checking JVMs start, one at a time, until
 * its JVM ends. It makes each job's check request from the job's arguments, as the checking JVM did.
 */
public final class ClusterWorker {
    private static final long POLL_MILLIS = 200;

    private ClusterWorker() {
    }

    /**
     * Serves jobs until interrupted.
     *
     * @param requests makes a check request from a job ({@link Job#checkArguments()}, {@link Job#classpath()});
     *                 IllegalArgumentException for arguments it refuses
     * @param told     where this worker tells what it does, one line each
     */
    public static void serve(ClusterMember member, Function<Job, CheckRequest> requests, Consumer<String> told)
            throws InterruptedException {
        IMap<String, Job> jobs = ClusterCheck.jobs(member);
        String last = null;
        while (!Thread.currentThread().isInterrupted()) {
            Job job = jobs.get(ClusterCheck.CURRENT);
            if (job == null || job.id().equals(last)) {
                Thread.sleep(POLL_MILLIS);
                continue;
            }
            last = job.id();
            told.accept("cluster: taking part in job " + job.id());
            try {
                take(member, job, requests.apply(job));
                told.accept("cluster: job " + job.id() + " over");
            } catch (BadProgramException | IllegalArgumentException e) {
                told.accept("cluster: cannot take part in job " + job.id() + ": " + e.getMessage());
            }
        }
    }

    private static void take(ClusterMember member, Job job, CheckRequest request) throws BadProgramException {
        Deadline deadline = Deadline.after(request.timeLimit());
        MemberJob taken = MemberJob.open(member, job, request, deadline);
        // The job's stop (a bug, its time limit, Ctrl-C on the checking JVM) cuts this member's run short.
        UUID listener = taken.space.control.addEntryListener((EntryAddedListener<String, String>) added -> {
            if (added.getKey().equals(JobSpace.STOP)) {
                deadline.cancel();
            }
        }, false);
        try {
            if (taken.space.stopped() == null) {
                taken.worker(member).work();
            }
        } finally {
            taken.space.control.removeEntryListener(listener);
            MemberJob.leave();
        }
    }
}
