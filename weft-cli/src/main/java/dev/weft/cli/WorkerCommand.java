package dev.weft.cli;

import dev.weft.cluster.ClusterMember;
import dev.weft.cluster.ClusterWorker;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code weft worker}: joins a Weft cluster and takes part in the checks started on it, until stopped (Ctrl-C, SIGTERM). */
@Command(name = "worker", sortOptions = false, mixinStandardHelpOptions = true,
        description = "Join a Weft cluster and explore a share of every check started on it with weft check --cluster.",
        footer = {"", "The checks' programs are loaded from the class path the checking JVM names: it must hold the same classes here.",
            "Exit status: 2 bad usage (an address not HOST:PORT, none of this machine, no secret); 4 Weft itself failed."})
final class WorkerCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ClusterOptions cluster = new ClusterOptions();

    @Override
    public Integer call() throws InterruptedException {
        PrintWriter err = spec.commandLine().getErr();
        if (!cluster.given()) {
            throw new BadInputException("weft worker needs --cluster HOST:PORT,...");
        }
        ClusterMember member = cluster.join(err);
        Runtime.getRuntime().addShutdownHook(new Thread(member::close, "weft-worker-leave"));
        err.println("cluster: worker listening on " + member.address() + " (" + ClusterMember.count(member.members()) + ")");
        err.flush();
        ClusterWorker.serve(member, job -> CheckCommand.requestFor(job), line -> {
            err.println(line);
            err.flush();
        });
        return Main.OK;
    }
}
