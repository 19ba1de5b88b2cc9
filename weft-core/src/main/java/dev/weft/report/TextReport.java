package dev.weft.report;

import dev.weft.explore.ExplorationResult;
import dev.weft.explore.ExplorationResult.Verdict;
import dev.weft.explore.FoundBug;
import dev.weft.race.Race;
import dev.weft.race.RaceFindings;
import dev.weft.trace.Bug;
import dev.weft.trace.IncompleteReason;
import dev.weft.trace.InputValue;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.Trace;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.CharBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The human-readable account of an exploration (written to stderr by the command line). */
public final class TextReport {
    private TextReport() {
    }

    /**
     * The report as one string, bounded (see {@link #write}).
     *
     * @param schedules the saved schedule file of each bug, in {@code result.bugs()} order
     * @param races     the data races the explored runs showed or implied
     * @param fullTrace show every event of each failing run, not only those that can have influenced the failure
     */
    public static String render(ProgramSpec program, MemoryModel model, ExplorationResult result, List<Path> schedules,
                                RaceFindings races, boolean fullTrace) {
        StringBuilder out = new StringBuilder();
        write(out, program, model, result, schedules, races, fullTrace);
        return out.toString();
    }

    /**
     * Writes the report to {@code out} as it goes. Without {@code fullTrace} it stays short at any run
     * length: each bug's interleaving folds repetition and shows at most its share of
     * {@link Interleaving#DEFAULT_MAX_EVENTS} events; with it, every event of each failing run is
     * written, a row at a time.
     */
    public static void write(Appendable sink, ProgramSpec program, MemoryModel model, ExplorationResult result, List<Path> schedules,
                             RaceFindings races, boolean fullTrace) {
        PrintWriter out = sink instanceof PrintWriter writer ? writer : new PrintWriter(new AppendableWriter(sink));
        int eventsPerBug = Interleaving.eventsPerBug(result.bugs().size());
        for (int i = 0; i < result.bugs().size(); i++) {
            FoundBug found = result.bugs().get(i);
            BugSummary bug = BugSummary.of(found.bug());
            out.append(String.format(Locale.ROOT, "BUG (%s) in thread %s%s: %s%n", bug.kind(), bug.thread(),
                    bug.location() == null ? "" : " at " + bug.location(), bug.message()));
            out.append(String.format(Locale.ROOT, "  found in execution %d%s%n", found.execution(), switch (found.replay()) {
                case REPRODUCED -> "";
                case NOT_REPRODUCED -> "; WARNING: replaying its schedule did not reproduce it (a Weft defect, please report)";
                case NOT_CHECKED -> "; not replayed: the exploration was stopped first";
            }));
            for (Bug other : found.otherBugsOfRun()) {
                out.append("  the same run also showed: ").append(BugSummary.of(other).headline()).append('\n');
            }
            Path schedule = i < schedules.size() ? schedules.get(i) : null;
            if (schedule != null) {
                out.append("  replay it with: weft replay ").append(schedule.toString()).append('\n');
            }
            if (!found.trace().inputs().isEmpty()) {
                out.append("  with inputs ").append(InputValue.describe(found.trace().inputs())).append('\n');
            }
            Interleaving table = fullTrace ? Interleaving.unbounded(found.trace(), found.bug(), true)
                    : Interleaving.bounded(found.trace(), found.bug(), false, eventsPerBug);
            table.writeText(out, "  ");
            if (found.bug().stackTrace() != null) {
                out.append("  stack trace:\n");
                StackTraces.trim(found.bug().stackTrace()).lines().forEach(l -> out.append("    ").append(l).append('\n'));
            }
        }
        races(out, races);
        if (result.error() != null) {
            out.append("ERROR: ").append(result.error())
                    .append(result.verdict() == Verdict.ERROR ? " (a failure of Weft, not of the program: please report it)" : "").append('\n');
        }
        List<IncompleteReason> reasons = reasonsToList(result);
        if (!reasons.isEmpty()) {
            out.append("not every behaviour was covered:\n");
            reasons.forEach(r -> out.append("  - ").append(r.describe()).append('\n'));
        }
        if (!result.counts().isEmpty()) {
            out.append(result.strategy()).append(": ").append(counts(result.counts())).append('\n');
        }
        out.append(String.format(Locale.ROOT, "%s: %s under %s with %s — %d execution%s%s in %.2f s%s%s%n",
                program.title(), verdictText(result), model.name(), result.strategy(), result.executions(),
                result.executions() == 1 ? "" : "s", workers(result), result.seconds(),
                result.solverSeconds() > 0 ? String.format(Locale.ROOT, " (solver %.2f s)", result.solverSeconds()) : "",
                result.complete() ? ", every behaviour covered" : ""));
        out.flush();
    }

    /** "8 paths explored, 3 infeasible prefixes": each count with its camel-case name in words. */
    static String counts(Map<String, Long> counts) {
        List<String> parts = new ArrayList<>();
        counts.forEach((name, n) -> parts.add(n + " " + words(name)));
        return String.join(", ", parts);
    }

    /** "pathsExplored" as "paths explored". */
    static String words(String camelCase) {
        return camelCase.replaceAll("([A-Z])", " $1").toLowerCase(Locale.ROOT);
    }

    /** " on 2 workers (3 repeating a read state)", or nothing for one worker that repeated nothing. */
    private static String workers(ExplorationResult result) {
        String on = result.workers() > 1 ? " on " + result.workers() + " workers" : "";
        return result.repeatedRuns() > 0 ? on + " (" + result.repeatedRuns() + " repeating a read state)" : on;
    }

    private static void races(PrintWriter out, RaceFindings findings) {
        List<Race> races = findings.races();
        if (!races.isEmpty()) {
            out.append(races.size() == 1 ? "DATA RACE" : races.size() + " DATA RACES").append(" (unordered accesses, at least one a plain write):\n");
            for (Race race : races) {
                out.append("  ").append(race.describe()).append(race.predicted() ? ", predicted from execution " : ", first in execution ")
                        .append(Long.toString(race.execution())).append('\n');
            }
        }
        if (findings.unknown() > 0 || findings.skipped() > 0) {
            out.append(String.format(Locale.ROOT, "race prediction incomplete: %d quer%s hit the solver limit, %d location pair%s over the per-run budget%n",
                    findings.unknown(), findings.unknown() == 1 ? "y" : "ies", findings.skipped(), findings.skipped() == 1 ? "" : "s"));
        }
        if (findings.unconfirmed() > 0) {
            out.append("WARNING: ").append(Long.toString(findings.unconfirmed()))
                    .append(" predicted race(s) did not show in their witness run and are not listed (a Weft defect, please report)\n");
        }
    }

    /** The reasons the report lists: not the first bug (the bugs say it) nor the error (said just before). */
    private static List<IncompleteReason> reasonsToList(ExplorationResult result) {
        return result.incompleteReasons().stream()
                .filter(r -> !r.kind().equals("first-bug") && !r.message().equals(result.error())).toList();
    }

    private static String verdictText(ExplorationResult result) {
        return switch (result.verdict()) {
            case BUG -> result.bugs().size() == 1 ? "1 bug" : result.bugs().size() + " bugs";
            case OK -> "no bug";
            case INCOMPLETE -> "no bug found, exploration incomplete (" + result.incompleteReasons().get(0).kind().replace('-', ' ') + ")";
            case ERROR -> "Weft failed, nothing is claimed about the program";
        };
    }

    /** Every event of a run, as a table with one column per thread, repetition folded and bounded in length. */
    public static String interleaving(Trace trace) {
        return Interleaving.of(trace, null, true).toText("  ");
    }

    /** A {@link java.io.Writer} onto any {@link Appendable} (a {@link StringBuilder}, say). */
    private static final class AppendableWriter extends java.io.Writer {
        private final Appendable sink;

        AppendableWriter(Appendable sink) {
            this.sink = sink;
        }

        @Override
        public void write(char[] buffer, int offset, int length) throws IOException {
            sink.append(CharBuffer.wrap(buffer, offset, length));
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    }
}
