package dev.weft.cli;

import dev.weft.check.CheckRequest;
import dev.weft.check.CheckResult;
import dev.weft.cluster.ClusterCheck;
import dev.weft.cluster.ClusterMember;
import dev.weft.cluster.Job;
import dev.weft.explore.Deadline;
import dev.weft.instrument.BadProgramException;
import java.io.PrintWriter;
import java.util.List;
import java.util.UUID;
import picocli.CommandLine.Model.CommandSpec;

/** {@code weft check --cluster}: joins the cluster, waits for another member, and runs the check there as a job. */
final class ClusterFront {
    private ClusterFront() {
    }

    static CheckResult check(ClusterOptions options, CheckRequest request, Deadline deadline, CommandSpec spec, PrintWriter err)
            throws BadProgramException {
        ClusterMember member = options.join(err);
        try {
            awaitOthers(member);
            err.println("cluster: checking on " + ClusterMember.count(member.members()));
            err.flush();
            List<String> line = spec.commandLine().getParseResult().originalArgs();
            // The whole command line: the arguments of check come after its name.
            List<String> args = ClusterOptions.withoutSecret(line.subList(line.indexOf(spec.name()) + 1, line.size()));
            Job job = new Job(UUID.randomUUID().toString(), args, request.program().classpath());
            return ClusterCheck.check(member, job, request, deadline);
        } finally {
            member.close();
        }
    }

    /** Unreachable members, or members with another secret, are bad input. */
    private static void awaitOthers(ClusterMember member) {
        try {
            member.awaitOthers(ClusterOptions.joinTimeout());
        } catch (IllegalArgumentException e) {
            throw new BadInputException(e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BadInputException("interrupted while waiting for the cluster");
        }
    }
}
