package dev.weft.cli;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

/**
 * Worker JVMs on loopback for the cluster tests: {@code weft worker} each, started from this test's class path, with
 * one more free port in the list for the checking JVM (the test's own). Closing it ends those still alive.
 */
final class LoopbackCluster implements AutoCloseable {
    static final String SECRET = "loopback-test-secret";
    /** Worker JVMs start slowly on a loaded 2-core machine: how long a worker and a check wait for the others. */
    private static final long START_SECONDS = 180;

    private final List<Process> workers = new ArrayList<>();
    private final List<List<String>> output = new ArrayList<>();
    private final List<Integer> ports;

    private LoopbackCluster(List<Integer> ports) {
        this.ports = ports;
        System.setProperty("weft.cluster.joinSeconds", String.valueOf(START_SECONDS));
    }

    /** {@code workers} worker JVMs, each listening before this returns. */
    static LoopbackCluster start(int workers) throws Exception {
        List<Integer> ports = new ArrayList<>();
        for (int i = 0; i <= workers; i++) {
            try (ServerSocket socket = new ServerSocket(0)) {
                ports.add(socket.getLocalPort());
            }
        }
        LoopbackCluster cluster = new LoopbackCluster(ports);
        for (int i = 0; i < workers; i++) {
            cluster.startWorker(ports.get(i));
        }
        for (int i = 0; i < workers; i++) {
            cluster.awaitLine(i, "listening on");
        }
        return cluster;
    }

    /** The {@code --cluster} list: the workers' addresses and one for the checking JVM. */
    String addresses() {
        return ports.stream().map(p -> "127.0.0.1:" + p).collect(Collectors.joining(","));
    }

    /** Worker {@code i}'s address. */
    String address(int i) {
        return "127.0.0.1:" + ports.get(i);
    }

    /** Kills worker {@code i} as SIGKILL does: no shutdown hook, no goodbye to the cluster. */
    void kill(int i) throws InterruptedException {
        workers.get(i).destroyForcibly().waitFor();
    }

    String output(int i) {
        return String.join("\n", output.get(i));
    }

    private void startWorker(int port) throws IOException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        // Only this worker's own port and the others': it must listen on its own, so the list starts with it.
        List<String> list = new ArrayList<>(List.of("127.0.0.1:" + port));
        ports.stream().filter(p -> p != port).forEach(p -> list.add("127.0.0.1:" + p));
        ProcessBuilder builder = new ProcessBuilder(java, "-cp", System.getProperty("java.class.path"), "dev.weft.cli.Main", "worker",
                "--cluster", String.join(",", list), "--cluster-secret", SECRET).redirectErrorStream(true);
        Process worker = builder.start();
        List<String> lines = new CopyOnWriteArrayList<>();
        Thread reader = new Thread(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(worker.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line = in.readLine(); line != null; line = in.readLine()) {
                    lines.add(line);
                }
            } catch (IOException ended) {
                // The worker was killed.
            }
        }, "worker-output-" + port);
        reader.setDaemon(true);
        reader.start();
        workers.add(worker);
        output.add(lines);
    }

    private void awaitLine(int i, String text) throws InterruptedException {
        long end = System.nanoTime() + START_SECONDS * 1_000_000_000L;
        while (output.get(i).stream().noneMatch(line -> line.contains(text))) {
            if (!workers.get(i).isAlive() || System.nanoTime() > end) {
                throw new IllegalStateException("worker " + i + " did not start: " + output(i));
            }
            Thread.sleep(100);
        }
    }

    @Override
    public void close() {
        workers.forEach(Process::destroyForcibly);
    }
}
