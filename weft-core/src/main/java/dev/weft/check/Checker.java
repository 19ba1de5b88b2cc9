package dev.weft.check;

import dev.weft.advice.Advice;
import dev.weft.advice.FixAdvisor;
import dev.weft.advice.ProgramChecker;
import dev.weft.explore.Deadline;
import dev.weft.explore.ExplorationResult;
import dev.weft.explore.Explorer;
import dev.weft.explore.StrategyKind;
import dev.weft.instrument.BadProgramException;
import dev.weft.instrument.InstrumentedProgram;
import dev.weft.race.RaceCollector;
import dev.weft.race.RaceFindings;
import dev.weft.report.ProgramSpec;
import dev.weft.report.Progress;
import dev.weft.runtime.ControlledExecutor;
import dev.weft.runtime.ProgramRunner;
import dev.weft.runtime.ProgramUnderTest;
import dev.weft.runtime.RunConfig;
import dev.weft.trace.RunResult;
import java.io.File;
import java.util.List;
import java.util.Set;

/**
 * One check, wired once for every front (the command line, {@code @WeftTest}, the bench tools, a
 * user's own code): opens the program, builds the runner, the strategy and the race collector,
 * explores, and hands back a {@link CheckResult} that renders and saves itself.
 *
 * <pre>{@code
 * CheckResult result = Checker.check(CheckRequest.forMainClass("com.acme.Main")
 *         .classpath(List.of("target/classes")).memoryModel(MemoryModel.PSO).strategy("mcr")
 *         .timeLimit(Duration.ofSeconds(60)).allBugs(true).build());
 * }</pre>
 */
public final class Checker {
    private static final double PROGRESS_INTERVAL_SECONDS = 2;

    private final CheckRequest request;
    private final Deadline deadline;

    /** Starts the clock of the request's time limit: it bounds the whole check, opening the program included. */
    public Checker(CheckRequest request) {
        this.request = request;
        this.deadline = Deadline.after(request.timeLimit());
    }

    /** Checks {@code request}. */
    public static CheckResult check(CheckRequest request) throws BadProgramException {
        return new Checker(request).run();
    }

    /** Stops the check from any thread (Ctrl-C): what was found so far is still the result. */
    public void cancel() {
        deadline.cancel();
    }

    /** The check's deadline, which everything that works for long asks. */
    public Deadline deadline() {
        return deadline;
    }

    /**
     * Opens the program and explores it; once per checker.
     *
     * @throws BadProgramException when the program cannot be opened (no such class, no main method, a class file too new)
     */
    public CheckResult run() throws BadProgramException {
        Progress progress = new Progress(request.progress(), request.progressInPlace(), PROGRESS_INTERVAL_SECONDS, request.timeLimit());
        progress.start();
        try {
            return run(progress);
        } finally {
            progress.finish();
        }
    }

    private CheckResult run(Progress progress) throws BadProgramException {
        ProgramUnderTest program = request.opener().open();
        if (StrategyKind.byName(request.strategy()).needsPathConditions() && !program.recordsPathConditions()) {
            // Without them mpc would see no branch and call one input's runs every behaviour.
            throw new BadProgramException("the mpc strategy needs the program opened with path conditions recorded");
        }
        if (program instanceof InstrumentedProgram instrumented) {
            Set<String> jdk = instrumented.jdkToInstrument(request.runConfig().instrumentedJdk());
            return instrumented.withJdkInstrumented(jdk, () -> explore(program, progress, request.runConfig().withInstrumentedJdk(jdk)));
        }
        return explore(program, progress, request.runConfig());
    }

    private CheckResult explore(ProgramUnderTest program, Progress progress, RunConfig runConfig) {
        RunConfig config = runConfig.withStop(deadline);
        ControlledExecutor executor = new ControlledExecutor(program, config);
        ProgramRunner runner = observed(executor, progress);
        RaceCollector races = request.races() ? new RaceCollector(request.racePrediction(), deadline) : null;
        Explorer.Listener listener = new Explorer.Listener() {
            @Override
            public void afterRun(long executions, long pending, int bugs, double seconds) {
                if (races != null) {
                    races.afterRun(executions, pending, bugs, seconds);
                }
                progress.afterRun(executions, pending, bugs, seconds);
            }

            @Override
            public void workers(int busy, int total) {
                progress.workers(busy, total);
            }
        };
        Explorer explorer = new Explorer(races != null ? races.observe(runner) : runner, request.newStrategy(), request.limits(),
                listener, deadline, request.workers());
        ExplorationResult result = explorer.explore();
        progress.finish();
        if (races != null) {
            races.nameObjects(executor); // replays for names are not runs of the exploration: no progress, no observer
        }
        if (request.failOnRace()) {
            result = races.withRacesAsBugs(result, runner);
        }
        RaceFindings findings = races != null ? races.findings() : RaceFindings.observed(List.of());
        Advice advice = request.suggestFixes() ? FixAdvisor.advise(result, request.memoryModel(), advisorChecks()) : null;
        return new CheckResult(request.program(), config, result, findings, program.symbols(), program.standardInputRead(),
                progress.samples(), advice);
    }

    /** The fix advisor's explorations: the same program, strategy and limits as this check's, within its deadline. */
    private FixAdvisor.Checker advisorChecks() {
        ProgramSpec spec = request.program();
        return new ProgramChecker(String.join(File.pathSeparator, spec.classpath()), spec.mainClass(), spec.args(), spec.fixes(),
                request::newStrategy, request.runConfig()::withMemoryModel, request.maxExecutions(), deadline);
    }

    /** The runner, telling progress and the request's observer about every run. */
    private ProgramRunner observed(ProgramRunner runner, Progress progress) {
        return policy -> {
            RunResult run = runner.run(policy);
            progress.runFinished(run);
            if (request.runObserver() != null) { // from every worker's thread
                request.runObserver().accept(run);
            }
            return run;
        };
    }
}
