package dev.weft.oracle;

import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.MalformedURLException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The runner JVM {@link PlainOracle} starts: makes the runs of its work list one after the other in
 * this JVM and reports each on standard output ({@link Protocol}). The programs' own output is
 * discarded. A program that calls {@code System.exit} ends this JVM: a shutdown hook reports where
 * (and the final state, for status 0), and the oracle reads the status and starts a new runner for
 * the rest. The runner also ends itself, for a fresh JVM, after a hang or a run whose threads keep
 * running after its end.
 */
public final class PlainRunner {
    /** One program's share of the work: {@code runs} runs within {@code millis}. */
    record Work(int index, int runs, long millis, String className, Path stdin) {
        static Work parse(String text) {
            String[] parts = text.split(":", 5);
            Path stdin = parts.length == 5 && !parts[4].isEmpty() ? Path.of(parts[4]) : null;
            return new Work(Integer.parseInt(parts[0]), Integer.parseInt(parts[1]), Long.parseLong(parts[2]), parts[3], stdin);
        }

        String format() {
            return index + ":" + runs + ":" + millis + ":" + className + ":" + (stdin == null ? "" : stdin);
        }
    }

    private static final PrintStream REPORT = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
    private static volatile int programInProgress = -1;

    private PlainRunner() {
    }

    public static void main(String[] args) throws Exception {
        RunnerOptions options = RunnerOptions.parse(args);
        PrintStream discard = new PrintStream(OutputStream.nullOutputStream());
        System.setOut(discard);
        System.setErr(discard);
        Runtime.getRuntime().addShutdownHook(new Thread(PlainRunner::reportExit, "oracle-exit-report"));
        Jitter jitter = new Jitter(options.seed(), options.noise());
        for (Work work : options.work()) {
            if (!runProgram(work, options, jitter)) {
                Runtime.getRuntime().halt(0);
            }
            report(Protocol.PROGRAM_DONE, work.index());
        }
        report(Protocol.DONE);
        Runtime.getRuntime().halt(0);
    }

    /** Makes the program's runs; false when this JVM must end before the next run (the oracle starts a fresh one). */
    private static boolean runProgram(Work work, RunnerOptions options, Jitter jitter) throws IOException, InterruptedException {
        URL[] classPath = urls(options.classPath());
        String problem = PlainRun.problemWithMain(classPath, work.className());
        if (problem != null) {
            report(Protocol.ERROR, work.index(), problem);
            return true;
        }
        byte[] input = work.stdin() == null ? new byte[0] : Files.readAllBytes(work.stdin());
        long deadline = System.nanoTime() + work.millis() * 1_000_000;
        programInProgress = work.index();
        for (int run = 0; run < work.runs() && System.nanoTime() < deadline; run++) {
            report(Protocol.START, work.index(), run);
            // Every run reads the same bytes from the start, as Weft gives every run the same standard input.
            System.setIn(new ByteArrayInputStream(input));
            jitter.beforeRun();
            PlainRun plain = new PlainRun(classPath, work.className(), options.assertions());
            String outcome = plain.execute(options.runTimeoutMillis(), options.deadlockMillis());
            jitter.afterRun();
            if (outcome == null) {
                report(Protocol.HANG, work.index());
                return false;
            }
            report(Protocol.OUTCOME, work.index(), outcome);
            if (plain.leavesThreadsRunning()) {
                return false;
            }
        }
        return true;
    }

    /** The shutdown hook: a thread called System.exit; says which run it ended and how. */
    private static void reportExit() {
        PlainRun run = PlainRun.current();
        if (run == null) {
            return;
        }
        Thread exiting = exitingThread();
        if (exiting == null || !run.owns(exiting)) {
            report(Protocol.STRAY_EXIT, programInProgress);
            return;
        }
        String earlierBug = run.endByExit();
        if (earlierBug != null) {
            report(Protocol.OUTCOME, programInProgress, earlierBug);
        } else {
            report(Protocol.EXIT, programInProgress, Outcomes.programLocation(exiting.getStackTrace()), run.finalState());
        }
    }

    /** The thread inside {@code Runtime.exit}: it waits there while the shutdown hooks run. */
    private static Thread exitingThread() {
        for (Map.Entry<Thread, StackTraceElement[]> thread : Thread.getAllStackTraces().entrySet()) {
            if (Exits.isExiting(thread.getValue())) {
                return thread.getKey();
            }
        }
        return null;
    }

    private static URL[] urls(String classPath) throws MalformedURLException {
        List<URL> urls = new ArrayList<>();
        for (String entry : classPath.split(File.pathSeparator)) {
            if (!entry.isEmpty()) {
                urls.add(Path.of(entry).toUri().toURL());
            }
        }
        return urls.toArray(new URL[0]);
    }

    private static void report(Object... fields) {
        synchronized (REPORT) {
            REPORT.println(Protocol.line(fields));
        }
    }

    /** The runner's command line, written by {@link PlainOracle}. */
    record RunnerOptions(String classPath, long runTimeoutMillis, long deadlockMillis, long seed, boolean assertions,
                         boolean noise, List<Work> work) {
        static RunnerOptions parse(String[] args) {
            Map<String, String> values = new HashMap<>();
            List<Work> work = new ArrayList<>();
            for (int i = 0; i < args.length; i++) {
                if (args[i].startsWith("--")) {
                    values.put(args[i], args[++i]);
                } else {
                    work.add(Work.parse(args[i]));
                }
            }
            return new RunnerOptions(values.get("--cp"), Long.parseLong(values.get("--run-timeout-ms")),
                    Long.parseLong(values.get("--deadlock-ms")), Long.parseLong(values.get("--seed")),
                    Boolean.parseBoolean(values.get("--ea")), Boolean.parseBoolean(values.get("--noise")), work);
        }

        List<String> format() {
            List<String> args = new ArrayList<>(List.of("--cp", classPath, "--run-timeout-ms", String.valueOf(runTimeoutMillis),
                    "--deadlock-ms", String.valueOf(deadlockMillis), "--seed", String.valueOf(seed),
                    "--ea", String.valueOf(assertions), "--noise", String.valueOf(noise)));
            work.forEach(w -> args.add(w.format()));
            return args;
        }
    }
}
