package dev.weft.cli;

import dev.weft.explore.ExplorationResult;
import dev.weft.explore.Explorer;
import dev.weft.explore.FoundBug;
import dev.weft.explore.Limits;
import dev.weft.explore.Strategy;
import dev.weft.report.BugSummary;
import dev.weft.report.HtmlReport;
import dev.weft.report.JsonSummary;
import dev.weft.report.ProgramSpec;
import dev.weft.report.Progress;
import dev.weft.report.RaceCollector;
import dev.weft.report.RaceFindings;
import dev.weft.report.RacePrediction;
import dev.weft.report.ScheduleFile;
import dev.weft.report.TextReport;
import dev.weft.runtime.RunConfig;
import dev.weft.trace.MemoryModel;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code weft check}: explores the program's interleavings and reports what it found. */
@Command(name = "check", sortOptions = false, mixinStandardHelpOptions = true,
        description = "Run a program under every interleaving the strategy chooses and report bugs.")
final class CheckCommand implements Callable<Integer> {
    private static final double PROGRESS_INTERVAL_SECONDS = 2;

    @Spec
    CommandSpec spec;

    @Option(names = {"-cp", "--classpath"}, paramLabel = "PATH", defaultValue = ".",
            description = "The program's classes: directories and jars (default: current directory).")
    String classpath;

    @Option(names = {"-m", "--memory-model"}, paramLabel = "MODEL", defaultValue = "sc", converter = MemoryModelConverter.class,
            description = "sc | tso | pso (default: ${DEFAULT-VALUE}).")
    MemoryModel memoryModel;

    @Option(names = {"-s", "--strategy"}, paramLabel = "NAME", defaultValue = "mcr",
            description = "mcr | dpor | icb | pct | random | dfs (default: ${DEFAULT-VALUE}).")
    String strategy;

    @Option(names = "--max-executions", paramLabel = "N", description = "Stop after N runs.")
    Long maxExecutions;

    @Option(names = "--time-limit", paramLabel = "DURATION", converter = DurationConverter.class,
            description = "Stop after this long, e.g. 90s, 10m.")
    Duration timeLimit;

    @Option(names = "--all-bugs", description = "Keep exploring after the first bug.")
    boolean allBugs;

    @Option(names = "--spurious-wakeups", negatable = true, defaultValue = "" + RunConfig.SPURIOUS_WAKEUPS, fallbackValue = "true",
            description = "Let Object.wait, Condition.await and LockSupport.park return without a notify, signal or permit, "
                    + "as their contracts allow (default: ${DEFAULT-VALUE}; --no-spurious-wakeups turns them off).")
    boolean spuriousWakeups;

    @Option(names = "--report", paramLabel = "DIR", description = "Write summary.json, one schedule file per bug and report.html to DIR.")
    Path reportDir;

    @Option(names = "--json", description = "Print one JSON summary object on stdout (human text stays on stderr).")
    boolean json;

    @Option(names = "--full-trace", description = "Show every event of a failing run, not only those that can have influenced the failure.")
    boolean fullTrace;

    @Option(names = "--fail-on-race", description = "Report each data race as a bug (kind data-race).")
    boolean failOnRace;

    @Option(names = "--race-queries", paramLabel = "N",
            description = "Solver queries per run that predict data races from the run's causal model (mcr only; default "
                    + RacePrediction.DEFAULT_QUERIES_PER_TRACE + " with mcr; 0: races only as the explored runs show them).")
    Integer raceQueries;

    @Option(names = "--progress", description = "Print progress on stderr every few seconds (default: only when on a terminal and without --json).")
    boolean progress;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "0", description = "Seed for random strategies (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--solver", paramLabel = "NAME", defaultValue = "order", description = "order | z3: MCR's constraint solver (default: ${DEFAULT-VALUE}).")
    String solver;

    @Option(names = "--preemption-bound", paramLabel = "N", defaultValue = "2", description = "Largest preemption bound icb tries (default: ${DEFAULT-VALUE}).")
    int preemptionBound;

    @Option(names = "--depth", paramLabel = "D", defaultValue = "3", description = "Bug depth pct aims at (default: ${DEFAULT-VALUE}).")
    int depth;

    @Parameters(index = "0", paramLabel = "MAIN-CLASS", description = "Class whose main method starts the program.")
    String mainClass;

    @Parameters(index = "1..*", paramLabel = "ARGS", description = "Arguments passed to the program's main method.")
    List<String> programArgs = new ArrayList<>();

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter out = spec.commandLine().getOut();
        ProgramSpec program = new ProgramSpec(Programs.classpathEntries(classpath), mainClass, List.copyOf(programArgs));
        if (maxExecutions != null && maxExecutions < 1) {
            throw new BadInputException("--max-executions must be at least 1");
        }
        Strategy chosen = Strategies.create(strategy, memoryModel, solver, seed, maxExecutions, preemptionBound, depth);
        long runs = maxExecutions != null ? maxExecutions : 0;
        RacePrediction prediction = Strategies.racePrediction(strategy, raceQueries, memoryModel, solver);
        Programs.Session session = Programs.open(program, memoryModel, spuriousWakeups);
        RaceCollector races = new RaceCollector(prediction);
        boolean terminal = System.console() != null;
        Progress progressLog = new Progress(progress || (terminal && !json) ? err : null, terminal, PROGRESS_INTERVAL_SECONDS);
        Explorer.Listener listener = (executions, pending, bugs, seconds) -> {
            races.afterRun(executions, pending, bugs, seconds);
            progressLog.afterRun(executions, pending, bugs, seconds);
        };
        Explorer explorer = new Explorer(races.observe(session.runner()), chosen, new Limits(runs, timeLimit, allBugs), listener);
        // Ctrl-C stops the exploration after the current run; the hook then waits for the report to be printed.
        CountDownLatch reported = new CountDownLatch(1);
        Thread cancelOnInterrupt = new Thread(() -> {
            explorer.cancel();
            awaitQuietly(reported);
        }, "weft-cancel");
        Runtime.getRuntime().addShutdownHook(cancelOnInterrupt);
        try {
            ExplorationResult result = explorer.explore();
            progressLog.finish();
            if (failOnRace) {
                result = races.withRacesAsBugs(result, session.runner());
            }
            return report(result, races.findings(), progressLog, program, session, err, out);
        } finally {
            reported.countDown();
            removeHook(cancelOnInterrupt);
        }
    }

    private int report(ExplorationResult result, RaceFindings races, Progress progressLog, ProgramSpec program, Programs.Session session,
                       PrintWriter err, PrintWriter out) {
        List<Path> schedules = saveSchedules(program, result, session);
        err.print(TextReport.render(program, memoryModel, result, schedules, races, fullTrace));
        err.flush();
        String summary = JsonSummary.toJson(JsonSummary.of(program, memoryModel, result, schedules, races), true);
        if (reportDir != null) {
            write(reportDir.resolve("summary.json"), summary);
            write(reportDir.resolve("report.html"), HtmlReport.render(program, memoryModel, result, schedules, races, progressLog.samples()));
        }
        if (json) {
            out.println(summary);
            out.flush();
        }
        return exitCode(result);
    }

    private static int exitCode(ExplorationResult result) {
        if (!result.bugs().isEmpty()) {
            return Main.BUG;
        }
        if (result.stop() == ExplorationResult.Stop.UNSUPPORTED || result.stop() == ExplorationResult.Stop.DIVERGED) {
            return Main.BAD_INPUT;
        }
        return result.complete() ? Main.OK : Main.INCOMPLETE;
    }

    /** One schedule file per bug: into the report directory, or else into a fresh temporary directory. */
    private List<Path> saveSchedules(ProgramSpec program, ExplorationResult result, Programs.Session session) {
        List<Path> saved = new ArrayList<>();
        if (result.bugs().isEmpty()) {
            return saved;
        }
        try {
            Path dir = reportDir != null ? reportDir : Files.createTempDirectory("weft-");
            for (int i = 0; i < result.bugs().size(); i++) {
                FoundBug found = result.bugs().get(i);
                Path file = dir.resolve(String.format(Locale.ROOT, "bug-%d.json", i + 1)).toAbsolutePath();
                ScheduleFile.of(program, memoryModel, spuriousWakeups, BugSummary.of(found.bug()), found.schedule(), session.symbols()).write(file);
                saved.add(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot save schedule files: " + e.getMessage(), e);
        }
        return saved;
    }

    private static void write(Path file, String text) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Files.writeString(file, text + System.lineSeparator());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // Ctrl-C arrived: the hook already asked the explorer to stop, and the JVM is exiting anyway.
        }
    }
}
