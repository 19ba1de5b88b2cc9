package dev.weft.check;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.weft.advice.Advice;
import dev.weft.explore.ExplorationResult;
import dev.weft.explore.FoundBug;
import dev.weft.race.Race;
import dev.weft.race.RaceFindings;
import dev.weft.report.AdviceReport;
import dev.weft.report.HtmlReport;
import dev.weft.report.JsonSummary;
import dev.weft.report.ProgramSpec;
import dev.weft.report.Progress;
import dev.weft.report.ScheduleFile;
import dev.weft.report.TextReport;
import dev.weft.runtime.RunConfig;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.Symbols;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What a {@link Checker} found, and the ways to show and keep it: the text report, the JSON summary,
 * the HTML page and one schedule file per bug, which {@code weft replay} re-runs.
 *
 * @param program         the program as schedule files name it
 * @param runConfig       how its runs were made
 * @param exploration     verdict, bugs, runs and the reasons the exploration is not complete
 * @param raceFindings    the data races and how they were looked for
 * @param symbols         the names of the program's threads, fields and objects
 * @param standardInput   the standard input the runs read, which schedule files save
 * @param progressSamples the exploration's progress over time, for the HTML report
 * @param advice          the fix advice for relaxed-only bugs ({@link CheckRequest#suggestFixes()}), or null
 */
public record CheckResult(ProgramSpec program, RunConfig runConfig, ExplorationResult exploration, RaceFindings raceFindings,
                          Symbols symbols, byte[] standardInput, List<Progress.Sample> progressSamples, Advice advice) {

    public MemoryModel memoryModel() {
        return runConfig.memoryModel();
    }

    public ExplorationResult.Verdict verdict() {
        return exploration.verdict();
    }

    /** True only when every behaviour was covered (the verdict is then ok or bug). */
    public boolean complete() {
        return exploration.complete();
    }

    public List<FoundBug> bugs() {
        return exploration.bugs();
    }

    public List<Race> races() {
        return raceFindings.races();
    }

    /** This result with Weft's own failure added (a report it could not write): the verdict becomes error. */
    public CheckResult withFailure(String failure) {
        return new CheckResult(program, runConfig, exploration.withFailure(failure), raceFindings, symbols, standardInput,
                progressSamples, advice);
    }

    /** The schedule file of the run that showed {@code bug}. */
    public ScheduleFile schedule(FoundBug bug) {
        return ScheduleFile.of(program, runConfig, bug, symbols, standardInput);
    }

    /** Saves one schedule file per bug into {@code dir} ({@code bug-1.json}, ...); returns their paths in bug order. */
    public List<Path> saveSchedules(Path dir) throws IOException {
        List<Path> saved = new ArrayList<>();
        for (int i = 0; i < bugs().size(); i++) {
            Path file = dir.resolve(String.format(Locale.ROOT, "bug-%d.json", i + 1)).toAbsolutePath();
            schedule(bugs().get(i)).write(file);
            saved.add(file);
        }
        return saved;
    }

    /**
     * The text report: the verdict, each bug's interleaving (its causal past, or every event with
     * {@code fullTrace}) and the races.
     *
     * @param schedules the saved schedule of each bug, in bug order (empty: none saved)
     */
    public String text(List<Path> schedules, boolean fullTrace) {
        StringBuilder text = new StringBuilder();
        writeText(text, schedules, fullTrace);
        return text.toString();
    }

    /** Writes the text report to {@code sink}, the fix advice (if any) at its end. */
    public void writeText(Appendable sink, List<Path> schedules, boolean fullTrace) {
        TextReport.write(sink, program, memoryModel(), exploration, schedules, raceFindings, fullTrace);
        if (advice != null) {
            try {
                sink.append(AdviceReport.text(advice));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** The JSON summary, one object. */
    public String json(List<Path> schedules) {
        ObjectNode root = JsonSummary.of(program, memoryModel(), exploration, schedules, raceFindings);
        if (advice != null) {
            AdviceReport.addTo(root, advice);
        }
        return JsonSummary.toJson(root, true);
    }

    /** Writes summary.json and report.html into {@code dir} (made when missing). */
    public void writeReport(Path dir, List<Path> schedules, boolean fullTrace) throws IOException {
        Files.createDirectories(dir);
        Files.writeString(dir.resolve("summary.json"), json(schedules) + System.lineSeparator());
        // Written as it is made: with fullTrace the page may be large.
        try (Writer html = Files.newBufferedWriter(dir.resolve("report.html"))) {
            if (advice == null) {
                HtmlReport.write(html, program, memoryModel(), exploration, schedules, raceFindings, progressSamples, fullTrace);
            } else {
                StringBuilder page = new StringBuilder();
                HtmlReport.write(page, program, memoryModel(), exploration, schedules, raceFindings, progressSamples, fullTrace);
                html.write(AdviceReport.intoHtml(page.toString(), advice));
            }
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    /** Saves every bug's schedule and writes summary.json and report.html into {@code dir}; returns the schedules' paths. */
    public List<Path> writeReport(Path dir) throws IOException {
        Files.createDirectories(dir);
        List<Path> schedules = saveSchedules(dir);
        writeReport(dir, schedules, false);
        return schedules;
    }
}
