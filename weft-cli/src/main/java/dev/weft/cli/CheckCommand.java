package dev.weft.cli;

import dev.weft.check.CheckRequest;
import dev.weft.check.CheckResult;
import dev.weft.check.Checker;
import dev.weft.cluster.Job;
import dev.weft.explore.ExplorationResult;
import dev.weft.explore.StrategyKind;
import dev.weft.explore.WeftFailure;
import dev.weft.instrument.BadProgramException;
import dev.weft.instrument.JdkClasses;
import dev.weft.race.RacePrediction;
import dev.weft.report.JsonSummary;
import dev.weft.runtime.RunConfig;
import dev.weft.solver.SolverKind;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.VirtualFixes;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
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
    @Spec
    CommandSpec spec;

    @Option(names = {"-cp", "--classpath"}, paramLabel = "PATH", defaultValue = ".",
            description = "The program's classes: directories and jars (default: current directory).")
    String classpath;

    @Option(names = {"-m", "--memory-model"}, paramLabel = "MODEL", defaultValue = "sc", converter = MemoryModelConverter.class,
            description = "sc | tso | pso | jmm (default: ${DEFAULT-VALUE}; jmm with dfs, dpor or random).")
    MemoryModel memoryModel;

    @Option(names = {"-s", "--strategy"}, paramLabel = "NAME", defaultValue = "mcr",
            description = "mcr | portfolio | dpor | icb | pct | random | dfs | mpc (default: ${DEFAULT-VALUE}).")
    String strategy;

    @Option(names = "--workers", paramLabel = "N", description = "Threads exploring at the same time (default 1).")
    Integer workers;

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
            description = "With -m tso, pso or jmm: find the fewest volatile fields and fences that remove every bug only the relaxed model"
                    + " shows, and prove it by exploring the program with them (implies --all-bugs).")
    boolean suggestFixes;

    @Option(names = "--instrument-jdk", paramLabel = "CLASS|PACKAGE", split = ",",
            description = "Also instrument the code of these JDK classes (java.util.HashMap, java.util.ArrayList, ..., or a package of them), "
                    + "so that what their calls do inside is explored, not only the calls.")
    List<String> instrumentJdk = new ArrayList<>();

    @Option(names = "--input", paramLabel = "NAME=VALUE",
            description = "Give the program input NAME (dev.weft.Weft.input) this value in every run (repeatable; true/false for a boolean);"
                    + " other inputs take their minimum. Strategies other than mpc explore one value per input.")
    List<String> inputs = new ArrayList<>();

    @Mixin
    ClusterOptions cluster = new ClusterOptions();

    @Parameters(index = "0", paramLabel = "MAIN-CLASS", description = "Class whose main method starts the program.")
    String mainClass;

    @Parameters(index = "1..*", paramLabel = "ARGS", description = "Arguments passed to the program's main method.")
    List<String> programArgs = new ArrayList<>();

    private Set<String> jdkClasses = Set.of();

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        PrintWriter out = spec.commandLine().getOut();
        checkOptions();
        if (cluster.given()) {
            checkClusterOptions();
        }
        CheckRequest request = request(err);
        // The clock of --time-limit starts now, so that it bounds the whole command, not the exploration alone.
        Checker checker = new Checker(request);
        try (ProgramOutput redirected = json ? ProgramOutput.toStandardError() : ProgramOutput.unchanged()) {
            return check(checker, request, err, out);
        } catch (BadInputException e) {
            throw e;
        } catch (Throwable failure) {
            // Weft failed outside the exploration (which reports its own failures): never a program's bug, never a stack trace.
            return weftFailed(request, WeftFailure.describe(failure), err, out);
        }
    }

    private void checkOptions() {
        if (maxExecutions != null && maxExecutions < 1) {
            throw new BadInputException("--max-executions must be at least 1");
        }
        if (workers != null && workers < 1) {
            throw new BadInputException("--workers must be at least 1");
        }
        if (timeLimit != null && timeLimit.isZero()) {
            throw new BadInputException("--time-limit must be more than 0");
        }
        if (loopBound < 1) {
            throw new BadInputException("--loop-bound must be at least 1");
        }
        if (raceQueries != null && raceQueries < 0) {
            throw new BadInputException("--race-queries must be at least 0");
        }
        if (raceQueries != null && raceQueries > 0 && !strategyKind().hasCausalModel()) {
            throw new BadInputException("--race-queries needs --strategy mcr: races are predicted from MCR's causal model");
        }
        if (reportDir != null) {
            ReportDirectory.check(reportDir);
        }
        if (suggestFixes && memoryModel == MemoryModel.SC) {
            throw new BadInputException("--suggest-fixes needs -m tso, pso or jmm: under SC no fence changes anything");
        }
        try {
            jdkClasses = JdkClasses.select(instrumentJdk);
        } catch (IllegalArgumentException e) {
            throw new BadInputException(e.getMessage());
        }
    }

    /** {@code --input NAME=VALUE} by name: a whole number, or true/false (1/0) for a boolean input. */
    private Map<String, Long> givenInputs() {
        Map<String, Long> given = new LinkedHashMap<>();
        for (String input : inputs) {
            int eq = input.indexOf('=');
            if (eq < 1) {
                throw new BadInputException("--input " + input + ": expected NAME=VALUE");
            }
            String value = input.substring(eq + 1).trim();
            try {
                given.put(input.substring(0, eq).trim(), value.equals("true") ? 1 : value.equals("false") ? 0 : Long.parseLong(value));
            } catch (NumberFormatException e) {
                throw new BadInputException("--input " + input + ": the value must be a whole number, true or false");
            }
        }
        return given;
    }

    private VirtualFixes virtualFixes() {
        try {
            return new VirtualFixes(assumeVolatile.stream().map(VirtualFixes::parseField).collect(Collectors.toSet()),
                    fences.stream().map(VirtualFixes.Fence::parse).toList());
        } catch (IllegalArgumentException e) {
            throw new BadInputException(e.getMessage());
        }
    }

    private StrategyKind strategyKind() {
        try {
            return StrategyKind.byName(strategy);
        } catch (IllegalArgumentException e) {
            throw new BadInputException(e.getMessage());
        }
    }

    /** The options as a check request (they were checked: what is left to reject is a name, as bad input). */
    private CheckRequest request(PrintWriter err) {
        boolean terminal = System.console() != null;
        try {
            return CheckRequest.forMainClass(mainClass).classpath(Arrays.asList(classpath.split(File.pathSeparator))).args(programArgs)
                    .runConfig(RunConfig.of(memoryModel).withLoopBound(loopBound).withSpuriousWakeups(spuriousWakeups)
                            .withInstrumentedJdk(jdkClasses).withInputs(givenInputs()))
                    .virtualFixes(virtualFixes()).suggestFixes(suggestFixes)
                    .strategy(strategy).solver(SolverKind.parse(solver)).seed(seed).preemptionBound(preemptionBound).depth(depth)
                    .maxExecutions(maxExecutions != null ? maxExecutions : 0).timeLimit(timeLimit).allBugs(allBugs)
                    .raceQueries(raceQueries).failOnRace(failOnRace)
                    .workers(workers != null ? workers : 1)
                    .progress(progress || (terminal && !json) ? err : null, terminal)
                    .build();
        } catch (IllegalArgumentException e) {
            throw new BadInputException(e.getMessage());
        }
    }

    private int check(Checker checker, CheckRequest request, PrintWriter err, PrintWriter out) throws BadProgramException {
        SignalStop signals = SignalStop.install(checker.deadline());
        int exit = Main.ERROR;
        try {
            CheckResult result = open(checker, request, err);
            exit = report(result, err, out);
            return exit;
        } finally {
            signals.reported(exit);
        }
    }

    private CheckResult open(Checker checker, CheckRequest request, PrintWriter err) {
        try {
            return cluster.given() ? ClusterFront.check(cluster, request, checker.deadline(), spec, err) : checker.run();
        } catch (BadProgramException e) {
            throw new BadInputException(e.getMessage());
        }
    }

    /** What a check on a cluster cannot do yet (docs/cluster.md): one line each, before anything starts. */
    private void checkClusterOptions() {
        if (!strategyKind().name().equals("MCR")) {
            throw new BadInputException("--cluster explores with -s mcr only");
        }
        if (workers != null || maxExecutions != null || !jdkClasses.isEmpty() || suggestFixes || failOnRace || raceQueries != null) {
            throw new BadInputException("--cluster does not take --workers, --max-executions, --instrument-jdk, --suggest-fixes,"
                    + " --fail-on-race or --race-queries (one worker per member; see docs/cluster.md)");
        }
    }

    /** The check request a member of a cluster makes from a job: its arguments parsed as here, its class path the job's. */
    static CheckRequest requestFor(Job job) {
        CheckCommand command = new CheckCommand();
        CommandLine cli = new CommandLine(command);
        cli.setStopAtPositional(true);
        try {
            cli.parseArgs(job.checkArguments().toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            throw new IllegalArgumentException(e.getMessage());
        }
        command.classpath = String.join(File.pathSeparator, job.classpath());
        try {
            command.checkOptions();
            return command.request(null);
        } catch (BadInputException e) {
            throw new IllegalArgumentException(e.getMessage());
        }
    }

    private int report(CheckResult result, PrintWriter err, PrintWriter out) {
        List<Path> schedules = List.of();
        try {
            schedules = result.saveSchedules(reportDir != null ? reportDir : temporaryDirectory(result));
        } catch (IOException e) {
            result = result.withFailure("Weft failed: cannot save the schedule files: " + e.getMessage());
        }
        if (reportDir != null) {
            try {
                result.writeReport(reportDir, schedules, fullTrace);
            } catch (IOException e) {
                result = result.withFailure("Weft failed: cannot write the report: " + e.getMessage());
            }
        }
        result.writeText(err, schedules, fullTrace);
        err.flush();
        if (json) {
            out.println(result.json(schedules));
            out.flush();
        }
        return exitCode(result.exploration());
    }

    /** Where schedules go without --report: a fresh temporary directory, made only when there is a bug to save. */
    private static Path temporaryDirectory(CheckResult result) throws IOException {
        return result.bugs().isEmpty() ? null : Files.createTempDirectory("weft-");
    }

    /** Weft failed before it had an exploration to report: one line, and the JSON summary that says so. */
    private int weftFailed(CheckRequest request, String failure, PrintWriter err, PrintWriter out) {
        err.println("weft: " + failure + " (a failure of Weft, not of the program: please report it)");
        err.flush();
        if (json) {
            out.println(JsonSummary.toJson(JsonSummary.failure(request.program(), memoryModel, strategy, failure), true));
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
}
