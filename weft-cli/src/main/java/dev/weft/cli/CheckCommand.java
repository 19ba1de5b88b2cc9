package dev.weft.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.advice.Advice;
import dev.weft.advice.FixAdvisor;
import dev.weft.advice.ProgramChecker;
import dev.weft.explore.Deadline;
import dev.weft.explore.ExplorationResult;
import dev.weft.explore.Explorer;
import dev.weft.explore.FoundBug;
import dev.weft.explore.Limits;
import dev.weft.explore.Strategy;
import dev.weft.explore.WeftFailure;
import dev.weft.report.AdviceReport;
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
import dev.weft.trace.VirtualFixes;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code weft check}: explores the program's interleavings and reports what it found. */
@Command(name = "check", sortOptions = false, mixinStandardHelpOptions = true,
        description = "Run a program under every interleaving the strategy chooses and report bugs.",
        footer = {"", "Exit status: 0 every behaviour covered, no bug; 1 a bug of the program was found; 2 bad usage or input,",
            "or the program reached something Weft refuses (named); 3 no bug found, but not every behaviour was covered",
            "(the reasons are listed: a limit, a bound, an open solver query, ...); 4 Weft itself failed.",
            "Ctrl-C or SIGTERM stops the check within about 2 s; it reports what it found so far and exits with that status."})
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
            description = "Stop after this long (runs, solving, race prediction and reports included): a whole number"
                    + " with its unit ms, s, m or h, e.g. 90s, 10m.")
    Duration timeLimit;

    @Option(names = "--all-bugs", description = "Keep exploring after the first bug.")
    boolean allBugs;

    @Option(names = "--spurious-wakeups", negatable = true, defaultValue = "" + RunConfig.SPURIOUS_WAKEUPS, fallbackValue = "true",
            description = "Let Object.wait, Condition.await and LockSupport.park return without a notify, signal or permit, "
                    + "as their contracts allow (default: ${DEFAULT-VALUE}; --no-spurious-wakeups turns them off).")
    boolean spuriousWakeups;

    @Option(names = "--report", paramLabel = "DIR", description = "Write summary.json, one schedule file per bug and report.html to DIR.")
    Path reportDir;

    @Option(names = "--json", description = "Print one JSON summary object on stdout and nothing else: the program's output goes to stderr,"
            + " with the human text.")
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

    @Option(names = "--loop-bound", paramLabel = "N", defaultValue = "" + RunConfig.LOOP_BOUND,
            description = "Cut a run (exploration incomplete) when a loop repeats its last iteration's shared steps more than N times "
                    + "in a row, changing only its locals (default: ${DEFAULT-VALUE}).")
    int loopBound;

    @Option(names = "--assume-volatile", paramLabel = "CLASS.FIELD",
            description = "Check the program as if the field were declared volatile, reads and writes (repeatable; pkg.Cls.field).")
    List<String> assumeVolatile = new ArrayList<>();

    @Option(names = "--fence", paramLabel = "FILE:LINE[:KIND]",
            description = "Check the program as if a VarHandle fence ran before that line each time it is reached (repeatable;"
                    + " KIND full (default), storeStore, release, acquire or loadLoad; e.g. Peterson.java:12).")
    List<String> fences = new ArrayList<>();

    @Option(names = "--suggest-fixes",
            description = "With -m tso or pso: find the fewest volatile fields and fences that remove every bug only the relaxed model"
                    + " shows, and prove it by exploring the program with them (implies --all-bugs).")
    boolean suggestFixes;

    @Parameters(index = "0", paramLabel = "MAIN-CLASS", description = "Class whose main method starts the program.")
    String mainClass;

    @Parameters(index = "1..*", paramLabel = "ARGS", description = "Arguments passed to the program's main method.")
    List<String> programArgs = new ArrayList<>();

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter out = spec.commandLine().getOut();
        // The clock of --time-limit starts now, so that it bounds the whole command, not the exploration alone.
        Deadline deadline = Deadline.after(timeLimit);
        ProgramSpec program = new ProgramSpec(Programs.classpathEntries(classpath), mainClass, List.copyOf(programArgs), virtualFixes());
        checkOptions();
        Strategy chosen = Strategies.create(strategy, memoryModel, solver, seed, maxExecutions, preemptionBound, depth);
        RacePrediction prediction = Strategies.racePrediction(strategy, raceQueries, memoryModel, solver);
        try (ProgramOutput redirected = json ? ProgramOutput.toStandardError() : ProgramOutput.unchanged()) {
            return check(program, Programs.open(program, runConfig().withStop(deadline)), chosen, prediction, deadline, err, out);
        } catch (BadInputException e) {
            throw e;
        } catch (Throwable failure) {
            // Weft failed outside the exploration (which reports its own failures): never a program's bug, never a stack trace.
            return weftFailed(program, chosen, WeftFailure.describe(failure), err, out);
        }
    }

    /** The program changes {@code --assume-volatile} and {@code --fence} ask for, checked for their shape (the program checks the names). */
    private VirtualFixes virtualFixes() {
        try {
            return new VirtualFixes(assumeVolatile.stream().map(VirtualFixes::parseField).collect(Collectors.toSet()),
                    fences.stream().map(VirtualFixes.Fence::parse).toList());
        } catch (IllegalArgumentException e) {
            throw new BadInputException(e.getMessage());
        }
    }

    private void checkOptions() {
        if (maxExecutions != null && maxExecutions < 1) {
            throw new BadInputException("--max-executions must be at least 1");
        }
        if (timeLimit != null && timeLimit.isZero()) {
            throw new BadInputException("--time-limit must be more than 0");
        }
        if (loopBound < 1) {
            throw new BadInputException("--loop-bound must be at least 1");
        }
        if (reportDir != null) {
            ReportDirectory.check(reportDir);
        }
        if (suggestFixes && memoryModel == MemoryModel.SC) {
            throw new BadInputException("--suggest-fixes needs -m tso or -m pso: under SC no fence changes anything");
        }
    }

    private int check(ProgramSpec program, Programs.Session session, Strategy chosen, RacePrediction prediction, Deadline deadline,
                      PrintWriter err, PrintWriter out) {
        RaceCollector races = new RaceCollector(prediction, deadline);
        boolean terminal = System.console() != null;
        Progress progressLog = new Progress(progress || (terminal && !json) ? err : null, terminal, PROGRESS_INTERVAL_SECONDS);
        Explorer.Listener listener = (executions, pending, bugs, seconds) -> {
            races.afterRun(executions, pending, bugs, seconds);
            progressLog.afterRun(executions, pending, bugs, seconds);
        };
        long runs = maxExecutions != null ? maxExecutions : 0;
        Explorer explorer = new Explorer(races.observe(session.runner()), chosen, new Limits(runs, timeLimit, allBugs || suggestFixes),
                listener, deadline);
        SignalStop signals = SignalStop.install(deadline);
        int exit = Main.ERROR;
        try {
            ExplorationResult result = explorer.explore();
            progressLog.finish();
            if (failOnRace) {
                result = races.withRacesAsBugs(result, session.runner());
            }
            Advice advice = suggestFixes ? FixAdvisor.advise(result, memoryModel, checker(program, deadline)) : null;
            exit = report(result, races.findings(), advice, progressLog, program, session, err, out);
            return exit;
        } finally {
            signals.reported(exit);
        }
    }

    /** The advisor's explorations: the same program, strategy and options as this check's, within its deadline. */
    private FixAdvisor.Checker checker(ProgramSpec program, Deadline deadline) {
        return new ProgramChecker(String.join(java.io.File.pathSeparator, program.classpath()), mainClass, program.args(), program.fixes(),
                model -> Strategies.create(strategy, model, solver, seed, maxExecutions, preemptionBound, depth),
                model -> runConfig(model), maxExecutions != null ? maxExecutions : 0, deadline);
    }

    /** @param advice {@code --suggest-fixes}' advice, or null */
    private int report(ExplorationResult result, RaceFindings races, Advice advice, Progress progressLog, ProgramSpec program,
                       Programs.Session session, PrintWriter err, PrintWriter out) {
        List<Path> schedules = List.of();
        try {
            schedules = saveSchedules(program, result, session);
        } catch (IOException e) {
            result = result.withFailure("Weft failed: cannot save the schedule files: " + e.getMessage());
        }
        if (reportDir != null) {
            try {
                write(reportDir.resolve("summary.json"), summary(program, result, schedules, races, advice));
                writeHtml(reportDir.resolve("report.html"), program, result, schedules, races, progressLog.samples(), advice);
            } catch (IOException e) {
                result = result.withFailure("Weft failed: cannot write the report: " + e.getMessage());
            }
        }
        TextReport.write(err, program, memoryModel, result, schedules, races, fullTrace);
        if (advice != null) {
            err.print(AdviceReport.text(advice));
        }
        err.flush();
        if (json) {
            out.println(summary(program, result, schedules, races, advice));
            out.flush();
        }
        return exitCode(result);
    }

    private String summary(ProgramSpec program, ExplorationResult result, List<Path> schedules, RaceFindings races, Advice advice) {
        ObjectNode root = JsonSummary.of(program, memoryModel, result, schedules, races);
        if (advice != null) {
            AdviceReport.addTo(root, advice);
        }
        return JsonSummary.toJson(root, true);
    }

    /** Weft failed before it had an exploration to report: one line, and the JSON summary that says so. */
    private int weftFailed(ProgramSpec program, Strategy chosen, String failure, PrintWriter err, PrintWriter out) {
        err.println("weft: " + failure + " (a failure of Weft, not of the program: please report it)");
        err.flush();
        if (json) {
            out.println(JsonSummary.toJson(JsonSummary.failure(program, memoryModel, chosen.name(), failure), true));
            out.flush();
        }
        return Main.ERROR;
    }

    private static int exitCode(ExplorationResult result) {
        if (!result.bugs().isEmpty()) {
            return Main.BUG;
        }
        if (result.verdict() == ExplorationResult.Verdict.ERROR) {
            return Main.ERROR;
        }
        if (result.stop() == ExplorationResult.Stop.UNSUPPORTED || result.stop() == ExplorationResult.Stop.DIVERGED) {
            return Main.BAD_INPUT;
        }
        return result.complete() ? Main.OK : Main.INCOMPLETE;
    }

    /** One schedule file per bug: into the report directory, or else into a fresh temporary directory. */
    private List<Path> saveSchedules(ProgramSpec program, ExplorationResult result, Programs.Session session) throws IOException {
        List<Path> saved = new ArrayList<>();
        if (result.bugs().isEmpty()) {
            return saved;
        }
        Path dir = reportDir != null ? reportDir : Files.createTempDirectory("weft-");
        for (int i = 0; i < result.bugs().size(); i++) {
            FoundBug found = result.bugs().get(i);
            Path file = dir.resolve(String.format(Locale.ROOT, "bug-%d.json", i + 1)).toAbsolutePath();
            ScheduleFile.of(program, runConfig(), found, session.symbols(), session.program().standardInputRead()).write(file);
            saved.add(file);
        }
        return saved;
    }

    private RunConfig runConfig() {
        return runConfig(memoryModel);
    }

    private RunConfig runConfig(MemoryModel model) {
        return RunConfig.of(model).withLoopBound(loopBound).withSpuriousWakeups(spuriousWakeups);
    }

    /** The HTML report, written as it is made (with --full-trace it may be large); fix advice, if any, goes at its end. */
    private void writeHtml(Path file, ProgramSpec program, ExplorationResult result, List<Path> schedules, RaceFindings races,
                           List<Progress.Sample> samples, Advice advice) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        try (Writer html = Files.newBufferedWriter(file)) {
            if (advice == null) {
                HtmlReport.write(html, program, memoryModel, result, schedules, races, samples, fullTrace);
            } else {
                StringBuilder page = new StringBuilder();
                HtmlReport.write(page, program, memoryModel, result, schedules, races, samples, fullTrace);
                html.write(AdviceReport.intoHtml(page.toString(), advice));
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    private static void write(Path file, String text) throws IOException {
        Files.createDirectories(file.toAbsolutePath().getParent());
        Files.writeString(file, text + System.lineSeparator());
    }
}
