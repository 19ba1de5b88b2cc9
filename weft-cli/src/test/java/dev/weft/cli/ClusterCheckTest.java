package dev.weft.cli;

import static dev.weft.cli.CommandLineTest.check;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.cli.CommandLineTest.Outcome;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code weft check --cluster} on three JVMs on loopback (two {@code weft worker}s and this one) finds what a local
 * check on one worker finds: the same verdict, completeness and bugs, and the same number of explored read states
 * (runs less those that repeated a read state, which the cluster admits and counts). Then the same with a worker killed (SIGKILL) in the middle of a 341-state exploration: its
 * leased seeds are run by the others and nothing changes. Bad cluster input is one line and exit status 2.
 */
class ClusterCheckTest {
    private static LoopbackCluster cluster;

    @BeforeAll
    static void startWorkers() throws Exception {
        cluster = LoopbackCluster.start(2);
    }

    @AfterAll
    static void stopWorkers() {
        if (cluster != null) {
            cluster.close();
        }
    }

    /** A fast subset of the catalogue: bugs of each kind and complete explorations, under each model. */
    @ParameterizedTest(name = "{0} {1}")
    @CsvSource({"examples.LostUpdate,sc", "examples.LockedCounter,sc", "examples.MissedNotify,sc",
        "examples.NotifyWakesAnyWaiter,sc", "examples.LockOrderInversion,tso", "examples.PetersonBusyWait,pso",
        "examples.litmus.IRIW,tso", "examples.crosscheck.NotifyAllWakeOrder,sc", "examples.BoundedBufferCondition,sc"})
    void aClusterFindsWhatOneWorkerFinds(String className, String model) throws Exception {
        Outcome local = check("-m", model, "--all-bugs", className);
        Outcome onCluster = check("-m", model, "--all-bugs", "--cluster", cluster.addresses(), "--cluster-secret", LoopbackCluster.SECRET,
                className);
        assertSame(local, onCluster);
    }

    @Test
    void aWorkerKilledMidExplorationLosesNoWork() throws Exception {
        try (LoopbackCluster own = LoopbackCluster.start(2)) {
            Outcome local = check("-m", "pso", "--all-bugs", "examples.SlidesExample");
            StringWriter err = new StringWriter();
            KillWhenBusy killer = new KillWhenBusy(own, 0, err);
            CompletableFuture<Outcome> running = CompletableFuture.supplyAsync(() -> {
                StringWriter out = new StringWriter();
                int exit = Main.run(new PrintWriter(out, true), new PrintWriter(killer, true), "check", "-cp", CommandLineTest.examples(),
                        "--json", "--progress", "-m", "pso", "--all-bugs", "--cluster", own.addresses(), "--cluster-secret",
                        LoopbackCluster.SECRET, "examples.SlidesExample");
                return new Outcome(exit, out.toString(), err.toString());
            });
            Outcome onCluster = running.get();
            assertTrue(killer.killed, "the worker was not seen running seeds before the exploration ended: " + onCluster.err());
            assertTrue(onCluster.err().contains("cluster: member " + own.address(0) + " left"), onCluster.err());
            assertSame(local, onCluster);
        }
    }

    @Test
    void badClusterInputIsOneLineAndExitTwo() {
        assertBadInput(check("--cluster", "127.0.0.1", "--cluster-secret", "s", "examples.LostUpdate"), "is not HOST:PORT");
        assertBadInput(check("--cluster", "127.0.0.1:99999", "--cluster-secret", "s", "examples.LostUpdate"), "port");
        assertBadInput(check("--cluster", "127.0.0.1:5701", "examples.LostUpdate"), "shared secret");
        assertBadInput(check("--cluster", "127.0.0.1:5701", "--cluster-secret", "s", "-s", "dpor", "examples.LostUpdate"), "mcr only");
        assertBadInput(check("--cluster", "127.0.0.1:5701", "--cluster-secret", "s", "--workers", "2", "examples.LostUpdate"), "--workers");
        assertBadInput(CommandLineTest.weft("worker"), "--cluster");
    }

    /** A member with another secret never joins: the check finds no other member within its wait. */
    @Test
    void aCheckWithAnotherSecretFindsNoMember() {
        String joinSeconds = System.getProperty("weft.cluster.joinSeconds");
        System.setProperty("weft.cluster.joinSeconds", "5");
        try {
            assertBadInput(check("--cluster", cluster.addresses(), "--cluster-secret", "another secret", "examples.LostUpdate"),
                    "no other member answered");
        } finally {
            System.setProperty("weft.cluster.joinSeconds", joinSeconds);
        }
    }

    private static void assertBadInput(Outcome outcome, String says) {
        assertEquals(Main.BAD_INPUT, outcome.exit(), outcome.err());
        assertEquals(1, outcome.err().lines().count(), outcome.err());
        assertTrue(outcome.err().startsWith("weft: ") && outcome.err().contains(says), outcome.err());
    }

    private static void assertSame(Outcome local, Outcome onCluster) throws Exception {
        JsonNode one = local.json();
        JsonNode all = onCluster.json();
        assertEquals(one.get("verdict").asText(), all.get("verdict").asText(), onCluster.err());
        assertEquals(one.get("complete").asBoolean(), all.get("complete").asBoolean(), onCluster.err());
        assertEquals(bugs(one), bugs(all), onCluster.err());
        assertEquals(states(one), states(all), "read states; cluster: " + onCluster.err());
        assertEquals(local.exit(), onCluster.exit(), onCluster.err());
    }

    private static long states(JsonNode summary) {
        return summary.get("executions").asLong() - summary.get("repeatedRuns").asLong();
    }

    private static Set<String> bugs(JsonNode summary) {
        Set<String> bugs = new TreeSet<>();
        summary.get("bugs").forEach(bug -> bugs.add(bug.get("kind").asText() + "@" + bug.get("location").asText()));
        return bugs;
    }

    /** The check's standard error, which kills worker {@code victim} once the progress shows it has run seeds. */
    private static final class KillWhenBusy extends Writer {
        private static final Pattern RUNS = Pattern.compile("(\\d+) runs");
        private final LoopbackCluster cluster;
        private final int victim;
        private final StringWriter copy;
        private final StringBuilder line = new StringBuilder();
        volatile boolean killed;

        KillWhenBusy(LoopbackCluster cluster, int victim, StringWriter copy) {
            this.cluster = cluster;
            this.victim = victim;
            this.copy = copy;
        }

        @Override
        public synchronized void write(char[] chars, int offset, int length) {
            copy.write(chars, offset, length);
            for (int i = offset; i < offset + length; i++) {
                if (chars[i] == '\n') {
                    seen(line.toString());
                    line.setLength(0);
                } else {
                    line.append(chars[i]);
                }
            }
        }

        private void seen(String text) {
            int at = text.indexOf(cluster.address(victim) + " ");
            if (killed || !text.startsWith("cluster:") || at < 0) {
                return;
            }
            Matcher runs = RUNS.matcher(text.substring(at));
            if (runs.find() && Long.parseLong(runs.group(1)) > 0) {
                try {
                    cluster.kill(victim);
                    killed = true;
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    }
}
