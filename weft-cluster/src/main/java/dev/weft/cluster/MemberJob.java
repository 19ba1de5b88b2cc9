package dev.weft.cluster;

import dev.weft.check.CheckRequest;
import dev.weft.explore.Deadline;
import dev.weft.explore.McrStrategy;
import dev.weft.explore.StrategyOptions;
import dev.weft.instrument.BadProgramException;
import dev.weft.runtime.ControlledExecutor;
import dev.weft.runtime.ProgramUnderTest;
import dev.weft.runtime.RunConfig;
import dev.weft.trace.SharedIds;

/**
 * A job as one member takes part in it: the job's structures, the program opened with the job's name tables
 * ({@link SharedIds}), and the runner its seeds run on, stopped by {@code deadline}.
 */
final class MemberJob {
    final JobSpace space;
    final CheckRequest request;
    final ProgramUnderTest program;
    final RunConfig config;
    final ControlledExecutor runner;
    final Deadline deadline;

    private MemberJob(JobSpace space, CheckRequest request, ProgramUnderTest program, Deadline deadline) {
        this.space = space;
        this.request = request;
        this.program = program;
        this.deadline = deadline;
        this.config = request.runConfig().withStop(deadline);
        this.runner = new ControlledExecutor(program, config);
    }

    /** Opens the job's program in this JVM; its names take the job's ids from now on. */
    static MemberJob open(ClusterMember member, Job job, CheckRequest request, Deadline deadline) throws BadProgramException {
        JobSpace space = new JobSpace(member.hazelcast(), job);
        SharedIds.install(space.ids);
        return new MemberJob(space, request, request.opener().open(), deadline);
    }

    /** This JVM's programs get their own ids again: the job is over here. */
    static void leave() {
        SharedIds.install(null);
    }

    /** This member's worker for the job. */
    SeedWorker worker(ClusterMember member) {
        McrStrategy strategy = new McrStrategy(request.solver(), request.memoryModel(), StrategyOptions.DEFAULT_QUERY_LIMITS);
        return new SeedWorker(space, strategy, runner, deadline, member, request.allBugs());
    }
}
