package dev.weft.report;

import dev.weft.explore.ExplorationResult;
import dev.weft.explore.FoundBug;
import dev.weft.trace.Event;
import dev.weft.trace.Location;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.Symbols;
import dev.weft.trace.Trace;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** The human-readable account of an exploration (written to stderr by the command line). */
public final class TextReport {
    private TextReport() {
    }

    public static String render(ProgramSpec program, MemoryModel model, ExplorationResult result, List<Path> schedules) {
        StringBuilder out = new StringBuilder();
        for (int i = 0; i < result.bugs().size(); i++) {
            FoundBug found = result.bugs().get(i);
            BugSummary bug = BugSummary.of(found.bug());
            out.append(String.format(Locale.ROOT, "BUG (%s) in thread %s%s: %s%n", bug.kind(), bug.thread(),
                    bug.location() == null ? "" : " at " + bug.location(), bug.message()));
            out.append(String.format(Locale.ROOT, "  found in execution %d%s%n", found.execution(),
                    found.replayed() ? "" : "; WARNING: replaying its schedule did not reproduce it (a Weft defect, please report)"));
            Path schedule = i < schedules.size() ? schedules.get(i) : null;
            if (schedule != null) {
                out.append("  replay it with: weft replay ").append(schedule).append('\n');
            }
            out.append(interleaving(found.trace()));
            if (found.bug().stackTrace() != null) {
                out.append("  stack trace:\n");
                found.bug().stackTrace().lines().forEach(l -> out.append("    ").append(l).append('\n'));
            }
        }
        if (result.error() != null) {
            out.append("ERROR: ").append(result.error()).append('\n');
        }
        out.append(String.format(Locale.ROOT, "%s: %s under %s with %s — %d execution%s in %.2f s%s%s%n",
                program.mainClass(), verdictText(result), model.name(), result.strategy(), result.executions(),
                result.executions() == 1 ? "" : "s", result.seconds(),
                result.solverSeconds() > 0 ? String.format(Locale.ROOT, " (solver %.2f s)", result.solverSeconds()) : "",
                result.complete() ? ", every behaviour covered" : ""));
        return out.toString();
    }

    private static String verdictText(ExplorationResult result) {
        return switch (result.verdict()) {
            case BUG -> result.bugs().size() == 1 ? "1 bug" : result.bugs().size() + " bugs";
            case OK -> "no bug";
            case INCOMPLETE -> "no bug found, exploration incomplete (" + result.stop().name().toLowerCase().replace('_', ' ') + ")";
        };
    }

    /** The run's events one per line, in execution order. */
    public static String interleaving(Trace trace) {
        Symbols symbols = trace.symbols();
        StringBuilder out = new StringBuilder("  interleaving:\n");
        int threadWidth = 6;
        for (Event e : trace.events()) {
            threadWidth = Math.max(threadWidth, symbols.threads().name(e.thread()).length());
        }
        for (Event e : trace.events()) {
            Location loc = symbols.locations().get(e.location());
            out.append(String.format(Locale.ROOT, "    %5d  %-" + threadWidth + "s  %-24s  %s%n", e.index() + 1,
                    symbols.threads().name(e.thread()), loc == null ? "" : loc.fileAndLine(), EventText.describe(e, symbols)));
        }
        return out.toString();
    }
}
