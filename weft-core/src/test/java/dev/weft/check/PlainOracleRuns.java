package dev.weft.check;

import dev.weft.oracle.OracleReport;
import dev.weft.oracle.PlainOracle;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Starts the stress oracle ({@code dev.weft.oracle.PlainOracle}, a module that depends on nothing of
 * Weft) in a JVM of its own on the bundled examples, and reads back what its plain runs showed.
 */
final class PlainOracleRuns {

    /** How many plain runs: at most {@code runs} per program within {@code seconds}, a hang after {@code runTimeoutMillis}. */
    record Budget(int runs, long seconds, long runTimeoutMillis, long deadlockMillis) {
    }

    private PlainOracleRuns() {
    }

    /**
     * Starts the oracle on {@code programs} (class name to the standard input its runs read, or null)
     * and returns at once; the future completes with what each program showed, in the given order.
     */
    static CompletableFuture<Map<String, OracleReport.Program>> start(Map<String, String> programs, Budget budget, boolean assertions) throws IOException {
        Path inputs = Files.createTempDirectory("weft-oracle-stdin");
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", RealRuns.classpathOf(PlainOracle.class), PlainOracle.class.getName(),
                "--cp", RealRuns.examplesClasspath(), "--runs", String.valueOf(budget.runs()),
                "--seconds", String.valueOf(budget.seconds()), "--run-timeout-ms", String.valueOf(budget.runTimeoutMillis()),
                "--deadlock-ms", String.valueOf(budget.deadlockMillis())));
        if (assertions) {
            command.add("--ea");
        }
        for (Map.Entry<String, String> program : programs.entrySet()) {
            String spec = program.getKey();
            if (program.getValue() != null) {
                Path input = inputs.resolve(program.getKey() + ".stdin");
                Files.writeString(input, program.getValue(), StandardCharsets.UTF_8);
                spec += ",stdin=" + input;
            }
            command.add(spec);
        }
        Process oracle = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        oracle.getOutputStream().close();
        return CompletableFuture.supplyAsync(() -> read(oracle));
    }

    private static Map<String, OracleReport.Program> read(Process oracle) {
        try {
            String output = new String(oracle.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            int status = oracle.waitFor();
            if (status != 0) {
                throw new IllegalStateException("the plain oracle ended with status " + status + ":\n" + output);
            }
            return OracleReport.parse(output);
        } catch (IOException e) {
            throw new IllegalStateException("cannot read the plain oracle's output", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
