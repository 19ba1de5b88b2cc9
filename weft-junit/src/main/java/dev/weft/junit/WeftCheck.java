package dev.weft.junit;

import dev.weft.check.CheckRequest;
import dev.weft.check.CheckResult;
import dev.weft.check.Checker;
import dev.weft.explore.DurationText;
import dev.weft.explore.StrategyKind;
import dev.weft.explore.ExplorationResult;
import dev.weft.explore.FoundBug;
import dev.weft.instrument.BadProgramException;
import dev.weft.instrument.InstrumentedProgram;
import dev.weft.instrument.JdkClasses;
import dev.weft.race.RaceFindings;
import dev.weft.report.ProgramSpec;
import dev.weft.report.ScheduleFile;
import dev.weft.report.TextReport;
import dev.weft.runtime.ControlledExecutor;
import dev.weft.runtime.RunConfig;
import dev.weft.trace.Bug;
import dev.weft.trace.BugKind;
import dev.weft.trace.RunResult;
import dev.weft.trace.ThreadPaths;
import dev.weft.trace.VirtualFixes;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/** One {@link WeftTest} method checked: explored, or one saved execution replayed. */
final class WeftCheck {
    /** System property naming the directory failures save their schedule files in. */
    static final String SCHEDULE_DIR_PROPERTY = "weft.schedules";

    private final WeftTest settings;
    private final TestEntry test;

    WeftCheck(WeftTest settings, TestEntry test) {
        this.settings = settings;
        this.test = test;
    }

    /**
     * Checks the test; returns the one-line summary of a pass.
     *
     * @throws AssertionError when Weft found a bug, could not check the test, or stopped at a limit before covering every behaviour
     */
    String run() {
        InstrumentedProgram opened = open();
        CapturingProgram program = new CapturingProgram(opened);
        return settings.replay().isEmpty() ? explore(program, opened) : replay(program, opened, Path.of(settings.replay()));
    }

    /** The JDK classes {@code @WeftTest(instrumentJdk)} names (see {@link JdkClasses}). */
    private Set<String> jdkClasses() {
        try {
            return JdkClasses.select(List.of(settings.instrumentJdk()));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("@WeftTest(instrumentJdk): " + e.getMessage(), e);
        }
    }

    /** Runs {@code check} with the code of {@code jdk}'s classes instrumented, and gives the JVM the JDK's own classes back after it. */
    private <T> T withJdk(InstrumentedProgram opened, Set<String> jdk, Supplier<T> check) {
        try {
            return opened.withJdkInstrumented(jdk, check);
        } catch (BadProgramException e) {
            throw new AssertionError("Weft cannot check " + test.name() + ": " + e.getMessage(), e);
        }
    }

    /** The changes {@code @WeftTest(assumeVolatile, fences)} check the test with. */
    private VirtualFixes fixes() {
        try {
            return new VirtualFixes(Arrays.stream(settings.assumeVolatile()).map(VirtualFixes::parseField).collect(Collectors.toSet()),
                    Arrays.stream(settings.fences()).map(VirtualFixes.Fence::parse).toList());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("@WeftTest: " + e.getMessage(), e);
        }
    }

    private InstrumentedProgram open() {
        try {
            return InstrumentedProgram.openEntry(String.join(File.pathSeparator, test.classpath()), test.entry(), test.shared(),
                    fixes(), StrategyKind.byName(settings.strategy()).needsPathConditions());
        } catch (BadProgramException e) {
            throw new AssertionError("Weft cannot check " + test.name() + ": " + e.getMessage(), e);
        }
    }

    private String explore(CapturingProgram program, InstrumentedProgram opened) {
        if (settings.loopBound() < 1) {
            throw new IllegalArgumentException("@WeftTest(loopBound) must be at least 1, got " + settings.loopBound());
        }
        Set<String> jdk = jdkClasses();
        CheckResult result = withJdk(opened, jdk, () -> check(program, jdk));
        ExplorationResult exploration = result.exploration();
        if (!result.bugs().isEmpty()) {
            FoundBug found = result.bugs().get(0);
            Path schedule = save(result.schedule(found));
            // No schedule goes into the report: its hint is the command line's replay, which cannot start a test.
            // The explorer's last run replayed this bug, so the captured exception is this bug's.
            throw new AssertionError(result.text(List.of(), false) + replayHint(schedule), cause(found.bug(), program));
        }
        String report = result.text(List.of(), false);
        if (exploration.verdict() == ExplorationResult.Verdict.ERROR) {
            // Not an AssertionError: the test did not fail, Weft did (JUnit shows it as an error, not a failure).
            throw new IllegalStateException("Weft failed while checking " + test.name() + "; it never passes a test it could not check\n" + report);
        }
        if (exploration.stop() == ExplorationResult.Stop.UNSUPPORTED || exploration.stop() == ExplorationResult.Stop.DIVERGED) {
            throw new AssertionError("Weft cannot check " + test.name() + "; it never passes a test it could not check\n" + report);
        }
        if (!result.complete() && !settings.allowIncomplete()) {
            throw new AssertionError(report + "exploration incomplete for the reasons above: raise the limits, or set"
                    + " @WeftTest(allowIncomplete = true) to accept this");
        }
        return report.strip();
    }

    /** Explores the test as the annotation says, through the one wiring every front uses. */
    private CheckResult check(CapturingProgram program, Set<String> jdk) {
        CheckRequest request = CheckRequest.forProgram(spec(), () -> program)
                .runConfig(RunConfig.of(settings.memoryModel()).withLoopBound(settings.loopBound())
                        .withSpuriousWakeups(settings.spuriousWakeups()).withInstrumentedJdk(jdk))
                .strategy(settings.strategy()).seed(settings.seed()).maxExecutions(settings.maxExecutions())
                .timeLimit(settings.timeLimit().isBlank() ? null : DurationText.parse(settings.timeLimit()))
                .failOnRace(settings.failOnRace())
                .workers(settings.workers())
                .build();
        try {
            return Checker.check(request);
        } catch (BadProgramException e) {
            throw new AssertionError("Weft cannot check " + test.name() + ": " + e.getMessage(), e);
        }
    }

    private String replay(CapturingProgram program, InstrumentedProgram opened, Path file) {
        ScheduleFile schedule;
        try {
            schedule = ScheduleFile.read(file);
        } catch (IOException e) {
            throw new IllegalArgumentException("@WeftTest(replay): " + e.getMessage(), e);
        }
        if (!schedule.program().mainClass().equals(test.name())) {
            throw new IllegalArgumentException("@WeftTest(replay): " + file + " was saved for " + schedule.program().mainClass() + ", not " + test.name());
        }
        opened.replayStandardInput(schedule.standardInput());
        long start = System.nanoTime();
        RunResult run = withJdk(opened, schedule.runConfig().instrumentedJdk(),
                () -> new ControlledExecutor(program, schedule.runConfig()).run(schedule.replayPolicy(program.symbols())));
        double seconds = (System.nanoTime() - start) / 1e9;
        return switch (run.status()) {
            case BUG -> {
                ExplorationResult replayed = new ExplorationResult("replay", ExplorationResult.Verdict.BUG, ExplorationResult.Stop.BUG_FOUND,
                        1, 1, seconds, 0, run.bugs().stream()
                        .map(bug -> new FoundBug(bug, 1, run.schedule(), run.trace(), FoundBug.Replay.REPRODUCED, run.bugs())).toList(), null,
                        List.of());
                throw new AssertionError(TextReport.render(spec(), schedule.memoryModel(), replayed, List.of(), RaceFindings.observed(List.of()), false) + "replayed from " + file + "\n",
                        cause(run.bug(), program));
            }
            case COMPLETED, CUT, ASSUMPTION_FAILED -> test.name() + ": the replayed execution of " + file
                    + (run.status() == RunResult.Status.COMPLETED ? " completed without a bug" : " ended before its end (" + run.detail() + ")")
                    + (schedule.bug() == null ? "" : "; the saved bug (" + schedule.bug().kind() + ") did not reproduce");
            case UNSUPPORTED, DIVERGED, STOPPED -> throw new AssertionError("Weft cannot replay " + file + " for " + test.name() + ": " + run.detail()
                    + "\n" + TextReport.interleaving(run.trace()));
        };
    }

    private ProgramSpec spec() {
        return new ProgramSpec(test.classpath(), test.name(), List.of(), fixes());
    }

    private static String replayHint(Path schedule) {
        return "re-run exactly this execution (e.g. under a debugger) with @WeftTest(replay = \"" + schedule + "\")\n";
    }

    /** The test thread's own exception when it is the failure, else a stand-in carrying the bug's text. */
    private static Throwable cause(Bug bug, CapturingProgram program) {
        Throwable thrown = program.lastFailure();
        boolean thrownByTest = bug.kind() == BugKind.ASSERTION || bug.kind() == BugKind.EXCEPTION;
        if (thrownByTest && ThreadPaths.MAIN.equals(bug.thread()) && thrown != null) {
            return thrown;
        }
        return new WeftBugException(bug);
    }

    /** Into {@value #SCHEDULE_DIR_PROPERTY}, else target/weft-schedules when there is a target directory, else a temporary directory. */
    private Path save(ScheduleFile schedule) {
        try {
            String configured = System.getProperty(SCHEDULE_DIR_PROPERTY);
            Path dir = configured != null ? Path.of(configured)
                    : Files.isDirectory(Path.of("target")) ? Path.of("target", "weft-schedules") : Files.createTempDirectory("weft-");
            Path file = dir.resolve(test.entry().className() + "." + test.entry().method().name() + ".json").toAbsolutePath();
            schedule.write(file);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot save the schedule of " + test.name() + ": " + e.getMessage(), e);
        }
    }
}
