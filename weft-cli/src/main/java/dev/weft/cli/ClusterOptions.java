package dev.weft.cli;

import dev.weft.cluster.ClusterAddress;
import dev.weft.cluster.ClusterMember;
import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import picocli.CommandLine.Option;

/** {@code --cluster} and {@code --cluster-secret}, shared by {@code weft check} and {@code weft worker}. */
final class ClusterOptions {
    static final String SECRET_VARIABLE = "WEFT_CLUSTER_SECRET";
    /** How long {@code weft check --cluster} waits for another member of its list to answer (the property: tests). */
    static Duration joinTimeout() {
        return Duration.ofSeconds(Long.getLong("weft.cluster.joinSeconds", 30));
    }

    @Option(names = "--cluster", paramLabel = "HOST:PORT,...",
            description = "The members of a Weft cluster (weft worker): explore on all of them, this JVM among them, listening on the"
                    + " address of the list that is on this machine. mcr only; see docs/cluster.md.")
    String cluster;

    @Option(names = "--cluster-secret", paramLabel = "SECRET",
            description = "The secret every member of the cluster was given (default: the environment variable " + SECRET_VARIABLE + ").")
    String secret;

    boolean given() {
        return cluster != null;
    }

    /** Starts this JVM's member; bad addresses or no secret are bad input. */
    ClusterMember join(PrintWriter told) {
        List<ClusterAddress> addresses;
        try {
            addresses = ClusterAddress.parseList(cluster);
            String shared = secret != null ? secret : System.getenv(SECRET_VARIABLE);
            return ClusterMember.start(addresses, shared, line -> {
                told.println(line);
                told.flush();
            });
        } catch (IllegalArgumentException e) {
            throw new BadInputException(e.getMessage());
        }
    }

    /** The arguments of a command line without the secret, which is not handed to the cluster's structures. */
    static List<String> withoutSecret(List<String> args) {
        List<String> kept = new java.util.ArrayList<>();
        for (int i = 0; i < args.size(); i++) {
            if (args.get(i).equals("--cluster-secret")) {
                i++;
            } else if (!args.get(i).startsWith("--cluster-secret=")) {
                kept.add(args.get(i));
            }
        }
        return kept;
    }
}
