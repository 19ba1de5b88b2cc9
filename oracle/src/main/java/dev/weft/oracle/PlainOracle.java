package dev.weft.oracle;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;

/**
 * The stress oracle: runs each program's {@code main} many times on plain JVM threads and prints the
 * set of outcomes it saw, in the vocabulary of Weft's runs. It shares no code with Weft (this module
 * depends on nothing), so that Weft's verdicts can be checked against something without Weft's blind
 * spots. The runs are made in runner JVMs ({@link PlainRunner}), many runs each; a program that calls
 * {@code System.exit} ends its runner, and the oracle starts another for the remaining runs, so such
 * programs cost a JVM start per exiting run.
 *
 * <pre>
 * java -cp &lt;this module's classes&gt; dev.weft.oracle.PlainOracle [options] --cp PROGRAM_CLASSPATH CLASS[,stdin=FILE]...
 *   --runs N            runs per program (default 200)
 *   --seconds S         wall-clock budget per program, JVM starts included (default 10)
 *   --run-timeout-ms T  a run not over after T ms is a hang, not compared (default 5000)
 *   --deadlock-ms W     how long every thread must wait, unchanged, to be a deadlock (default 200)
 *   --seed N            seed of the noise (default: random)
 *   --ea                enable the programs' assert statements
 *   --no-noise          no yields, sleeps or spurious unparks
 * </pre>
 *
 * Output: {@link OracleReport}. Exit status 0, or 2 for bad usage.
 */
public final class PlainOracle {
    private static final int DEATHS_BEFORE_GIVING_UP = 3;

    /** What the oracle learned about one program. */
    private static final class Tally {
        final String className;
        final Path stdin;
        final Map<String, Integer> outcomes = new TreeMap<>();
        final List<String> errors = new ArrayList<>();
        int runs;
        int hangs;
        int deaths;
        long nanos;
        boolean done;

        Tally(String className, Path stdin) {
            this.className = className;
            this.stdin = stdin;
        }

        void saw(String outcome) {
            outcomes.merge(outcome, 1, Integer::sum);
            runs++;
        }
    }

    private final OracleOptions options;
    private final List<Tally> tallies = new ArrayList<>();
    private final Random seeds;

    private PlainOracle(OracleOptions options) {
        this.options = options;
        this.seeds = new Random(options.seed());
        for (OracleOptions.Program program : options.programs()) {
            tallies.add(new Tally(program.className(), program.stdin()));
        }
    }

    public static void main(String[] args) throws IOException, InterruptedException {
        OracleOptions options;
        try {
            options = OracleOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("plain oracle: " + e.getMessage());
            System.exit(2);
            return;
        }
        PlainOracle oracle = new PlainOracle(options);
        oracle.runAll();
        oracle.print(System.out);
    }

    private void runAll() throws IOException, InterruptedException {
        while (tallies.stream().anyMatch(t -> !t.done)) {
            List<PlainRunner.Work> work = remainingWork();
            if (!work.isEmpty()) {
                runRunner(work);
            }
        }
    }

    /** What is left to do; programs whose runs or time are used up are done. */
    private List<PlainRunner.Work> remainingWork() {
        List<PlainRunner.Work> work = new ArrayList<>();
        for (int i = 0; i < tallies.size(); i++) {
            Tally tally = tallies.get(i);
            int runs = options.runs() - tally.runs - tally.hangs;
            long millis = options.seconds() * 1000 - tally.nanos / 1_000_000;
            if (runs <= 0 || millis <= 0) {
                tally.done = true;
            }
            if (!tally.done) {
                work.add(new PlainRunner.Work(i, runs, millis, tally.className, tally.stdin));
            }
        }
        return work;
    }

    /** Starts a runner JVM on {@code work} and reads its reports until it ends. */
    private void runRunner(List<PlainRunner.Work> work) throws IOException, InterruptedException {
        PlainRunner.RunnerOptions runnerOptions = new PlainRunner.RunnerOptions(options.classPath(), options.runTimeoutMillis(),
                options.deadlockMillis(), seeds.nextLong(), options.assertions(), options.noise(), work);
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"),
                "--add-exports", "java.base/jdk.internal.misc=ALL-UNNAMED",
                // C1 only: quicker to start, and it reorders plain memory accesses less than C2.
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xmx512m",
                PlainRunner.class.getName()));
        command.addAll(runnerOptions.format());
        Process runner = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        runner.getOutputStream().close();
        RunnerReports reports = new RunnerReports();
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(runner.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                reports.read(Protocol.fields(line));
            }
        }
        reports.runnerEnded(runner.waitFor());
    }

    /** Follows one runner's reports. */
    private final class RunnerReports {
        private Tally inProgress;
        private boolean runOpen;
        private long programStart;
        private String[] exit;
        private boolean heardFrom;

        void read(String[] report) {
            heardFrom = true;
            switch (report[0]) {
                case Protocol.START -> started(program(report));
                case Protocol.OUTCOME -> ended(() -> program(report).saw(report[2]));
                case Protocol.HANG -> ended(() -> program(report).hangs++);
                case Protocol.STRAY_EXIT -> ended(() -> { });
                case Protocol.EXIT -> exit = report;
                case Protocol.ERROR -> program(report).errors.add(report[2]);
                case Protocol.PROGRAM_DONE -> {
                    program(report).done = true;
                    stopClock(program(report));
                }
                case Protocol.DONE -> { }
                default -> throw new IllegalStateException("unknown report from the runner: " + String.join(" ", report));
            }
        }

        private Tally program(String[] report) {
            return tallies.get(Integer.parseInt(report[1]));
        }

        private void started(Tally tally) {
            if (tally != inProgress) {
                inProgress = tally;
                programStart = System.nanoTime();
            }
            runOpen = true;
        }

        private void ended(Runnable record) {
            record.run();
            runOpen = false;
        }

        private void stopClock(Tally tally) {
            if (tally == inProgress) {
                tally.nanos += System.nanoTime() - programStart;
                inProgress = null;
            }
        }

        /** The runner JVM is gone: an exit by the program ends the open run; any other end mid-run is an error. */
        void runnerEnded(int status) {
            if (!heardFrom) {
                throw new IllegalStateException("the runner JVM ended with status " + status + " before its first report");
            }
            if (inProgress == null) {
                return;
            }
            if (exit != null) {
                program(exit).saw(status != 0 ? Outcomes.bug("exit", exit[2]) : exit[3]);
            } else if (runOpen && ++inProgress.deaths >= DEATHS_BEFORE_GIVING_UP) {
                inProgress.errors.add("the runner JVM ended with status " + status + " in the middle of a run, " + inProgress.deaths + " times");
                inProgress.done = true;
            }
            stopClock(inProgress);
        }
    }

    private void print(PrintStream out) {
        out.print(OracleReport.format(tallies.stream().map(t -> new OracleReport.Program(t.className, t.runs, t.hangs,
                t.nanos / 1_000_000, t.outcomes, t.errors)).toList()));
        out.flush();
    }
}
