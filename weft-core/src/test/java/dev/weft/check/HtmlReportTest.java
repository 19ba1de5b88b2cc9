package dev.weft.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.explore.ExplorationResult;
import dev.weft.explore.McrStrategy;
import dev.weft.report.HtmlReport;
import dev.weft.report.ProgramSpec;
import dev.weft.race.RaceFindings;
import dev.weft.solver.QueryLimits;
import dev.weft.solver.SolverKind;
import dev.weft.trace.MemoryModel;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The HTML report of real explorations of the bundled examples. */
class HtmlReportTest {

    private static String report(String mainClass, MemoryModel model, List<Path> schedules) throws Exception {
        ExplorationResult result = RealRuns.explore(mainClass, model, new McrStrategy(SolverKind.ORDER, model, QueryLimits.NONE), 1_000, false).result();
        return HtmlReport.render(new ProgramSpec(List.of(), mainClass, List.of()), model, result, schedules, RaceFindings.observed(List.of()), List.of());
    }

    @Test
    void bugReportHasTheBugItsSwimlaneTableAndReplayCommand() throws Exception {
        String html = report("examples.LostUpdate", MemoryModel.SC, List.of(Path.of("/tmp/r/bug-1.json")));
        assertTrue(html.startsWith("<!DOCTYPE html>"));
        assertTrue(html.contains("class=\"verdict-bug\">bug<"), html);
        assertTrue(html.contains("AssertionError: lost update: counter = 1, expected 2"), html);
        assertTrue(html.contains("<table class=\"interleaving\" id=\"b1\"><thead><tr><th>step</th><th>main</th><th>main.1</th><th>main.2</th></tr>"), html);
        assertTrue(html.contains("<span class=\"loc\">LostUpdate.java:13</span> write LostUpdate.counter = 1"), html);
        assertTrue(html.matches("(?s).*read LostUpdate.counter = 1 \\(from <a href=\"#b1-\\d+\">#\\d+</a>\\).*"), html);
        assertTrue(html.contains("weft replay /tmp/r/bug-1.json"), html);
        assertTrue(html.contains("at examples.LostUpdate.main(LostUpdate.java:25)"), html);
        assertEquals(html.indexOf("<table class=\"interleaving\""), html.lastIndexOf("<table class=\"interleaving\""), "everything is in the causal past");
    }

    @Test
    void pageIsSelfContained() throws Exception {
        String html = report("examples.CheckThenActNull", MemoryModel.SC, List.of());
        assertTrue(html.contains("<details><summary>Full trace</summary>"), html);
        for (String external : List.of("http:", "https:", "src=", "<link", "<script", "@import")) {
            assertFalse(html.contains(external), external);
        }
    }

    @Test
    void correctProgramReportsNoBugAndItsStatistics() throws Exception {
        String html = report("examples.LockedCounter", MemoryModel.SC, List.of());
        assertTrue(html.contains("class=\"verdict-ok\">ok<"), html);
        assertTrue(html.contains("<p>No bug found.</p>"), html);
        assertTrue(html.contains("<tr><th>executions</th>"), html);
        assertFalse(html.contains("class=\"interleaving\""), html);
    }
}
