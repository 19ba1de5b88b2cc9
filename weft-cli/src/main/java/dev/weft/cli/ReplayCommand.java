package dev.weft.cli;

import dev.weft.instrument.BadProgramException;
import dev.weft.instrument.InstrumentedProgram;
import dev.weft.race.RaceCollector;
import dev.weft.report.BugSummary;
import dev.weft.report.ProgramSpec;
import dev.weft.report.ScheduleFile;
import dev.weft.report.TextReport;
import dev.weft.trace.BugKind;
import dev.weft.runtime.ControlledExecutor;
import dev.weft.trace.InputValue;
import dev.weft.trace.RunResult;
import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/** {@code weft replay}: re-runs one saved execution exactly and prints its interleaving. */
@Command(name = "replay", mixinStandardHelpOptions = true,
        description = "Re-run one recorded execution from its schedule file and print its interleaving.",
        footer = {"", "Exit status: 0 the run completed without a bug; 1 the bug reproduced; 2 bad input (a schedule file that",
            "is not one, or does not fit the program); 4 Weft itself failed."})
final class ReplayCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SCHEDULE-FILE", description = "A schedule file written by weft check.")
    Path scheduleFile;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        ScheduleFile schedule;
        try {
            schedule = ScheduleFile.read(scheduleFile);
        } catch (IOException e) {
            throw new BadInputException(e.getMessage());
        }
        if (schedule.program().mainClass().contains("#")) {
            // "Class#method": saved by @WeftTest, whose test only JUnit can start (its lifecycle, its instance).
            throw new BadInputException(scheduleFile + " was saved by @WeftTest for " + schedule.program().mainClass()
                    + ": replay it by adding @WeftTest(replay = \"" + scheduleFile.toAbsolutePath() + "\") to that test");
        }
        InstrumentedProgram program = open(schedule.program());
        program.replayStandardInput(schedule.standardInput());
        RunResult run = replayWithJdk(program, schedule);
        if (!run.trace().inputs().isEmpty()) {
            err.println("with inputs " + InputValue.describe(run.trace().inputs()));
        }
        err.print(TextReport.interleaving(run.trace()));
        return switch (run.status()) {
            case BUG -> reportBugs(err, schedule, run.bugs().stream().map(BugSummary::of).toList());
            case COMPLETED -> {
                BugSummary race = savedRace(schedule, run);
                if (race != null) {
                    yield reportBugs(err, schedule, List.of(race));
                }
                err.println(schedule.bug() == null ? "the run completed without a bug"
                        : "the run completed without a bug; the saved bug (" + schedule.bug().kind() + ") did not reproduce");
                yield Main.OK;
            }
            case CUT, ASSUMPTION_FAILED -> {
                err.println((run.status() == RunResult.Status.CUT ? "the run was cut before its end (" : "the run is no behaviour of the program (")
                        + run.detail() + ")"
                        + (schedule.bug() == null ? "" : "; the saved bug (" + schedule.bug().kind() + ") did not reproduce"));
                yield Main.OK;
            }
            case UNSUPPORTED, DIVERGED, STOPPED -> throw new BadInputException("cannot replay " + scheduleFile + ": " + run.detail());
        };
    }

    private static InstrumentedProgram open(ProgramSpec program) {
        try {
            return InstrumentedProgram.open(String.join(File.pathSeparator, program.classpath()), program.mainClass(), program.args(),
                    program.fixes());
        } catch (BadProgramException e) {
            throw new BadInputException(e.getMessage());
        }
    }

    /** Runs the schedule with the JDK classes it was made with instrumented, if any (the JDK's own come back after it). */
    private RunResult replayWithJdk(InstrumentedProgram program, ScheduleFile schedule) {
        try {
            return program.withJdkInstrumented(schedule.runConfig().instrumentedJdk(), () -> replay(program, schedule));
        } catch (BadProgramException e) {
            throw new BadInputException(e.getMessage());
        }
    }

    /** Runs the schedule; a schedule that does not fit the program (whose failure the runtime wraps as its own) is bad input. */
    private RunResult replay(InstrumentedProgram program, ScheduleFile schedule) {
        try {
            return new ControlledExecutor(program, schedule.runConfig()).run(schedule.replayPolicy(program.symbols()));
        } catch (RuntimeException e) {
            for (Throwable cause = e; cause != null; cause = cause.getCause()) {
                if (cause instanceof ScheduleFile.Mismatch mismatch) {
                    throw new BadInputException("cannot replay " + scheduleFile + ": " + mismatch.getMessage());
                }
            }
            throw e;
        }
    }

    /** A data race saved as the schedule's bug (--fail-on-race) is not a run failure: it is found again in the replayed trace. */
    private static BugSummary savedRace(ScheduleFile schedule, RunResult run) {
        if (schedule.bug() == null || !schedule.bug().kind().equals(BugKind.DATA_RACE.jsonName())) {
            return null;
        }
        RaceCollector races = new RaceCollector();
        races.record(run);
        return races.races().stream().map(r -> BugSummary.of(r.asBug())).filter(schedule.bug()::sameBugAs).findFirst().orElse(null);
    }

    /** Every bug the replayed run showed, and whether the one the schedule was saved for is among them. */
    private static int reportBugs(PrintWriter err, ScheduleFile schedule, List<BugSummary> bugs) {
        for (BugSummary bug : bugs) {
            err.printf("BUG (%s) in thread %s%s: %s%n", bug.kind(), bug.thread(), bug.location() == null ? "" : " at " + bug.location(), bug.message());
        }
        if (schedule.bug() != null && bugs.stream().noneMatch(schedule.bug()::sameBugAs)) {
            err.println("note: the schedule was saved with a different bug (" + schedule.bug().kind() + " at " + schedule.bug().location() + ")");
        }
        return Main.BUG;
    }
}
