package dev.weft.report;

import dev.weft.explore.ExplorationResult;
import dev.weft.explore.FoundBug;
import dev.weft.race.Race;
import dev.weft.race.RaceFindings;
import dev.weft.trace.Bug;
import dev.weft.trace.InputValue;
import dev.weft.trace.MemoryModel;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import java.util.List;
import java.util.Locale;

/**
 * The exploration as one self-contained HTML page (inline style, no script, nothing fetched): the
 * verdict and statistics, each bug with its interleaving table, stack trace and replay command, and
 * the data races.
 */
public final class HtmlReport {
    private static final String STYLE = """
            body{font-family:system-ui,sans-serif;margin:2em;color:#222}
            h1{font-size:1.4em}h2{font-size:1.2em;margin-top:2em}h3{font-size:1.05em}
            table{border-collapse:collapse;margin:.5em 0}
            th,td{border:1px solid #ccc;padding:.25em .5em;vertical-align:top;text-align:left}
            table.stats th{background:#f3f3f3}
            table.interleaving td.step{color:#777;white-space:nowrap}
            table.interleaving td.lane{background:#f7f9ff;min-width:8em;max-width:26em}
            table.interleaving td.empty{background:#fff}
            table.interleaving td.note{color:#555;font-style:italic}
            .event{font-family:monospace;white-space:pre-wrap;overflow-wrap:anywhere;border:1px solid #9ab;border-radius:3px;background:#e8efff;margin:2px 0;padding:1px 4px}
            .event .loc{color:#555}
            .verdict-bug{color:#b00}.verdict-ok{color:#070}.verdict-incomplete{color:#a60}.verdict-error{color:#b00}
            ul.reasons{margin:0;padding-left:1.2em}
            pre{background:#f6f6f6;padding:.5em;overflow-x:auto}
            code{background:#f3f3f3;padding:0 .2em}
            """;

    /** A page without --full-trace stays under about this many characters (2 MB of mostly ASCII). */
    static final long MAX_PAGE_CHARS = 2_000_000;
    /** Room kept for one more bug's tables: a bounded table takes well under this. */
    private static final long TABLE_RESERVE = 400_000;

    private HtmlReport() {
    }

    /**
     * @param schedules the saved schedule file of each bug, in {@code result.bugs()} order
     * @param races     the data races the explored runs showed
     * @param progress  samples of the exploration's progress, oldest first (may be empty)
     */
    public static String render(ProgramSpec program, MemoryModel model, ExplorationResult result, List<Path> schedules,
                                RaceFindings races, List<Progress.Sample> progress) {
        StringBuilder html = new StringBuilder();
        write(html, program, model, result, schedules, races, progress, false);
        return html.toString();
    }

    /**
     * Writes the page to {@code out} as it goes. Without {@code fullTrace} the page stays under about
     * {@link #MAX_PAGE_CHARS} characters at any run length: the tables fold repetition and show a
     * bounded number of events, threads without an event in a failure's causal past share one column
     * of its full trace, and once the page is full the remaining bugs' tables are left out (the text
     * report has them). With {@code fullTrace} each bug's full trace shows every event.
     */
    public static void write(Appendable out, ProgramSpec program, MemoryModel model, ExplorationResult result, List<Path> schedules,
                             RaceFindings races, List<Progress.Sample> progress, boolean fullTrace) {
        Page page = new Page(out, fullTrace);
        page.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>Weft report: ")
                .append(escape(program.mainClass())).append("</title>\n<style>").append(STYLE).append("</style></head><body>\n");
        String verdict = result.verdict().jsonName();
        page.append("<h1>Weft report: <code>").append(escape(program.mainClass())).append("</code> — <span class=\"verdict-")
                .append(verdict).append("\">").append(verdict).append("</span></h1>\n");
        if (!program.fixes().isEmpty()) {
            page.append("<p class=\"verdict-incomplete\">Checked as changed by ").append(escape(program.fixes().describe()))
                    .append(": the verdict is about the changed program.</p>\n");
        }
        statistics(page, model, result);
        pendingChart(page, progress);
        if (result.error() != null) {
            page.append("<p class=\"verdict-bug\">Error: ").append(escape(result.error())).append("</p>\n");
        }
        page.append("<h2>Bugs (").append(result.bugs().size()).append(")</h2>\n");
        if (result.bugs().isEmpty()) {
            page.append("<p>No bug found.</p>\n");
        }
        for (int i = 0; i < result.bugs().size(); i++) {
            bug(page, i + 1, result.bugs().get(i), i < schedules.size() ? schedules.get(i) : null, result.bugs().size());
        }
        raceList(page, races);
        page.append("</body></html>\n");
    }

    /** The page being written, with a count of what was written so far. */
    private static final class Page {
        private final Appendable out;
        private final boolean unbounded;
        private long written;

        Page(Appendable out, boolean unbounded) {
            this.out = out;
            this.unbounded = unbounded;
        }

        Page append(Object text) {
            String chunk = String.valueOf(text);
            try {
                out.append(chunk);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            written += chunk.length();
            return this;
        }

        /** True when more tables would take the page past its size (never for a full-trace page). */
        boolean full() {
            return !unbounded && written > MAX_PAGE_CHARS - TABLE_RESERVE;
        }
    }

    private static void statistics(Page page, MemoryModel model, ExplorationResult result) {
        page.append("<table class=\"stats\">\n");
        row(page, "memory model", model.name());
        row(page, "strategy", result.strategy());
        row(page, "verdict", result.verdict().jsonName() + (result.complete() ? " (every behaviour covered)" : ""));
        row(page, "stopped because", stopped(result.stop()));
        if (!result.incompleteReasons().isEmpty()) {
            page.append("<tr><th>not every behaviour covered because</th><td><ul class=\"reasons\">");
            result.incompleteReasons().forEach(r -> page.append("<li>").append(escape(r.describe())).append("</li>"));
            page.append("</ul></td></tr>\n");
        }
        row(page, "executions", Long.toString(result.executions()));
        if (result.executionsToFirstBug() > 0) {
            row(page, "executions to first bug", Long.toString(result.executionsToFirstBug()));
        }
        row(page, "seconds", String.format(Locale.ROOT, "%.3f", result.seconds()));
        row(page, "solver seconds", String.format(Locale.ROOT, "%.3f", result.solverSeconds()));
        result.counts().forEach((name, n) -> row(page, TextReport.words(name), Long.toString(n)));
        page.append("</table>\n");
    }

    /** Why the exploration ended, in words; "the strategy had no run left" says nothing of coverage, which the reasons below give. */
    private static String stopped(ExplorationResult.Stop stop) {
        return switch (stop) {
            case EXHAUSTED -> "the strategy had no run left";
            case BUG_FOUND -> "a bug was found (without --all-bugs)";
            case MAX_EXECUTIONS -> "--max-executions was reached";
            case TIME_LIMIT -> "--time-limit was reached";
            case CANCELLED -> "it was stopped from outside";
            case UNSUPPORTED -> "the program reached something Weft cannot check";
            case DIVERGED -> "a run did not follow its schedule";
            case ERROR -> "Weft itself failed";
        };
    }

    /** Seeds pending after each sampled run, as an inline SVG line. */
    private static void pendingChart(Page page, List<Progress.Sample> progress) {
        if (progress.size() < 3) {
            return;
        }
        long maxRuns = progress.get(progress.size() - 1).executions();
        long maxPending = Math.max(1, progress.stream().mapToLong(Progress.Sample::pending).max().orElse(1));
        int width = 480;
        int height = 120;
        StringBuilder points = new StringBuilder();
        for (Progress.Sample s : progress) {
            points.append(String.format(Locale.ROOT, "%.1f,%.1f ", width * (double) s.executions() / maxRuns,
                    height - height * (double) s.pending() / maxPending));
        }
        page.append("<h2>Seeds pending over the runs</h2>\n<svg class=\"pending\" width=\"").append(width + 60).append("\" height=\"")
                .append(height + 30).append("\" role=\"img\" aria-label=\"seeds pending per run\">")
                .append("<g transform=\"translate(50,5)\"><rect width=\"").append(width).append("\" height=\"").append(height)
                .append("\" fill=\"#fafafa\" stroke=\"#ccc\"/><polyline fill=\"none\" stroke=\"#36c\" stroke-width=\"1.5\" points=\"")
                .append(points.toString().strip()).append("\"/>")
                .append("<text x=\"-5\" y=\"10\" text-anchor=\"end\" font-size=\"11\">").append(maxPending).append("</text>")
                .append("<text x=\"-5\" y=\"").append(height).append("\" text-anchor=\"end\" font-size=\"11\">0</text>")
                .append("<text x=\"").append(width).append("\" y=\"").append(height + 18).append("\" text-anchor=\"end\" font-size=\"11\">run ")
                .append(maxRuns).append("</text></g></svg>\n");
    }

    private static void raceList(Page page, RaceFindings findings) {
        List<Race> races = findings.races();
        page.append("<h2>Data races (").append(races.size()).append(")</h2>\n");
        page.append("<p>").append(findings.predictive()
                ? "Observed by happens-before in the explored runs, and predicted from each run's causal model (" + findings.queries()
                        + " solver queries, " + findings.unknown() + " at the solver limit, " + findings.skipped() + " over budget)."
                : "Observed by happens-before in the explored runs; not predicted.").append("</p>\n");
        if (races.isEmpty()) {
            return;
        }
        page.append("<table class=\"races\"><thead><tr><th>address</th><th>first access</th><th>second access</th><th>threads</th>")
                .append("<th>found in execution</th></tr></thead><tbody>\n");
        for (Race race : races) {
            page.append("<tr><td><code>").append(escape(race.address())).append("</code></td><td>").append(escape(race.first().operation()))
                    .append(" at <code>").append(escape(race.first().location().fileAndLine())).append("</code></td><td>")
                    .append(escape(race.second().operation())).append(" at <code>").append(escape(race.second().location().fileAndLine()))
                    .append("</code></td><td>").append(escape(String.join(", ", race.threads()))).append("</td><td>")
                    .append(race.execution()).append(race.predicted() ? " (predicted)" : "").append("</td></tr>\n");
        }
        page.append("</tbody></table>\n");
    }

    private static void row(Page page, String name, String value) {
        page.append("<tr><th>").append(escape(name)).append("</th><td>").append(escape(value)).append("</td></tr>\n");
    }

    private static void bug(Page page, int number, FoundBug found, Path schedule, int bugs) {
        BugSummary bug = BugSummary.of(found.bug());
        page.append("<h3 id=\"bug-").append(number).append("\">Bug ").append(number).append(": ").append(escape(bug.kind()))
                .append(" in thread <code>").append(escape(bug.thread())).append("</code>")
                .append(bug.location() == null ? "" : " at <code>" + escape(bug.location()) + "</code>").append("</h3>\n");
        page.append("<p>").append(escape(bug.message())).append("</p>\n<p>Found in execution ").append(found.execution())
                .append(switch (found.replay()) {
                    case REPRODUCED -> "; its schedule replays it.";
                    case NOT_REPRODUCED -> "; <strong>replaying its schedule did not reproduce it</strong> (a Weft defect).";
                    case NOT_CHECKED -> "; not replayed: the exploration was stopped first.";
                })
                .append("</p>\n");
        if (!found.trace().inputs().isEmpty()) {
            page.append("<p>With inputs <code>").append(escape(InputValue.describe(found.trace().inputs()))).append("</code></p>\n");
        }
        for (Bug other : found.otherBugsOfRun()) {
            page.append("<p>The same run also showed: ").append(escape(BugSummary.of(other).headline())).append("</p>\n");
        }
        if (schedule != null) {
            page.append("<p>Replay: <code>weft replay ").append(escape(schedule.toString())).append("</code></p>\n");
        }
        if (page.full()) {
            page.append("<p>The interleaving is left out here to keep this page small; the text report shows it.</p>\n");
        } else {
            interleavings(page, "b" + number, found, Interleaving.eventsPerBug(bugs));
        }
        if (found.bug().stackTrace() != null) {
            page.append("<pre class=\"stack\">").append(escape(StackTraces.trim(found.bug().stackTrace()))).append("</pre>\n");
        }
    }

    /**
     * The failure's causal past, and the full trace below it (folded away), in which the threads with
     * no event in the causal past share one column; the full trace with a column for every thread is
     * folded away below that, when there are such threads.
     */
    private static void interleavings(Page page, String id, FoundBug found, int maxEvents) {
        Interleaving past = Interleaving.bounded(found.trace(), found.bug(), false, maxEvents);
        table(page, id, past);
        if (!page.unbounded && (past.isFull() || past.shown() == past.total())) {
            return;
        }
        Set<String> pastThreads = new HashSet<>(past.threads());
        Interleaving full = page.unbounded ? Interleaving.unbounded(found.trace(), found.bug(), true)
                : Interleaving.bounded(found.trace(), found.bug(), true, maxEvents, pastThreads);
        page.append("<details><summary>Full trace</summary>\n");
        table(page, id + "full", full);
        if (!page.unbounded && !pastThreads.containsAll(full.threads())) {
            page.append("<details><summary>Full trace, one column per thread</summary>\n");
            table(page, id + "all", Interleaving.bounded(found.trace(), found.bug(), true, maxEvents));
            page.append("</details>\n");
        }
        page.append("</details>\n");
    }

    /** The interleaving as swimlanes: one column per thread, each event a box, reads linked to the write they read. */
    private static void table(Page page, String id, Interleaving table) {
        page.append("<p>").append(escape(table.caption().replace("--full-trace shows all", "the full trace is below"))).append("</p>\n");
        page.append("<table class=\"interleaving\" id=\"").append(id).append("\"><thead><tr><th>step</th>");
        for (String thread : table.threads()) {
            page.append("<th>").append(escape(thread)).append("</th>");
        }
        page.append("</tr></thead><tbody>\n");
        for (Interleaving.Row row : table.rows()) {
            page.append("<tr><td class=\"step\">").append(row.stepRange()).append("</td>");
            if (row.isNote()) {
                page.append("<td class=\"note\" colspan=\"").append(table.threads().size()).append("\">").append(escape(row.note()))
                        .append("</td></tr>\n");
                continue;
            }
            empty(page, row.column());
            page.append("<td class=\"lane\">");
            for (Interleaving.Step step : row.steps()) {
                page.append("<div class=\"event\" id=\"").append(id).append("-").append(step.step()).append("\">#").append(step.step())
                        .append(' ');
                if (!step.location().isEmpty()) {
                    page.append("<span class=\"loc\">").append(escape(step.location())).append("</span> ");
                }
                page.append(linkSteps(escape(step.operation()), id)).append("</div>");
            }
            page.append("</td>");
            empty(page, table.threads().size() - row.column() - 1);
            page.append("</tr>\n");
        }
        page.append("</tbody></table>\n");
    }

    /** {@code columns} empty cells as one. */
    private static void empty(Page page, int columns) {
        if (columns > 0) {
            page.append("<td class=\"empty\"").append(columns > 1 ? " colspan=\"" + columns + "\"" : "").append("></td>");
        }
    }

    /** Turns the "#12" references of an operation (the write a read returned, a flush's write) into links within the table. */
    private static String linkSteps(String operation, String id) {
        return operation.replaceAll("(?<![\\w.])#(\\d+)", "<a href=\"#" + id + "-$1\">#$1</a>");
    }

    static String escape(String text) {
        if (text == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}
