package dev.weft.report;

import dev.weft.explore.ExplorationResult;
import dev.weft.explore.FoundBug;
import dev.weft.trace.Bug;
import dev.weft.trace.MemoryModel;
import java.nio.file.Path;
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
            .event{font-family:monospace;white-space:pre-wrap;overflow-wrap:anywhere;border:1px solid #9ab;border-radius:3px;background:#e8efff;margin:2px 0;padding:1px 4px}
            .event .loc{color:#555}
            .verdict-bug{color:#b00}.verdict-ok{color:#070}.verdict-incomplete{color:#a60}.verdict-error{color:#b00}
            ul.reasons{margin:0;padding-left:1.2em}
            pre{background:#f6f6f6;padding:.5em;overflow-x:auto}
            code{background:#f3f3f3;padding:0 .2em}
            """;

    private HtmlReport() {
    }

    /**
     * @param schedules the saved schedule file of each bug, in {@code result.bugs()} order
     * @param races     the data races the explored runs showed
     * @param progress  samples of the exploration's progress, oldest first (may be empty)
     */
    public static String render(ProgramSpec program, MemoryModel model, ExplorationResult result, List<Path> schedules,
                                RaceFindings races, List<Progress.Sample> progress) {
        StringBuilder page = new StringBuilder("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n<title>Weft report: ")
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
            bug(page, i + 1, result.bugs().get(i), i < schedules.size() ? schedules.get(i) : null);
        }
        raceList(page, races);
        return page.append("</body></html>\n").toString();
    }

    private static void statistics(StringBuilder page, MemoryModel model, ExplorationResult result) {
        page.append("<table class=\"stats\">\n");
        row(page, "memory model", model.name());
        row(page, "strategy", result.strategy());
        row(page, "verdict", result.verdict().jsonName() + (result.complete() ? " (every behaviour covered)" : ""));
        row(page, "stopped because", result.stop().jsonName().replace('-', ' '));
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
        page.append("</table>\n");
    }

    /** Seeds pending after each sampled run, as an inline SVG line. */
    private static void pendingChart(StringBuilder page, List<Progress.Sample> progress) {
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

    private static void raceList(StringBuilder page, RaceFindings findings) {
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

    private static void row(StringBuilder page, String name, String value) {
        page.append("<tr><th>").append(escape(name)).append("</th><td>").append(escape(value)).append("</td></tr>\n");
    }

    private static void bug(StringBuilder page, int number, FoundBug found, Path schedule) {
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
        for (Bug other : found.otherBugsOfRun()) {
            page.append("<p>The same run also showed: ").append(escape(BugSummary.of(other).headline())).append("</p>\n");
        }
        if (schedule != null) {
            page.append("<p>Replay: <code>weft replay ").append(escape(schedule.toString())).append("</code></p>\n");
        }
        Interleaving past = Interleaving.of(found.trace(), found.bug(), false);
        table(page, "b" + number, past);
        if (!past.isFull() && past.shown() < past.total()) {
            page.append("<details><summary>Full trace</summary>\n");
            table(page, "b" + number + "full", Interleaving.of(found.trace(), found.bug(), true));
            page.append("</details>\n");
        }
        if (found.bug().stackTrace() != null) {
            page.append("<pre class=\"stack\">").append(escape(StackTraces.trim(found.bug().stackTrace()))).append("</pre>\n");
        }
    }

    /** The interleaving as swimlanes: one column per thread, each event a box, reads linked to the write they read. */
    private static void table(StringBuilder page, String id, Interleaving table) {
        page.append("<p>").append(escape(table.caption().replace("--full-trace shows all", "the full trace is below"))).append("</p>\n");
        page.append("<table class=\"interleaving\" id=\"").append(id).append("\"><thead><tr><th>step</th>");
        for (String thread : table.threads()) {
            page.append("<th>").append(escape(thread)).append("</th>");
        }
        page.append("</tr></thead><tbody>\n");
        for (Interleaving.Row row : table.rows()) {
            page.append("<tr><td class=\"step\">").append(row.stepRange()).append("</td>");
            for (int c = 0; c < table.threads().size(); c++) {
                if (c != row.column()) {
                    page.append("<td class=\"empty\"></td>");
                    continue;
                }
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
            }
            page.append("</tr>\n");
        }
        page.append("</tbody></table>\n");
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
