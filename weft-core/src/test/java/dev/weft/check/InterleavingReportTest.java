package dev.weft.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.explore.DfsStrategy;
import dev.weft.explore.ExplorationResult;
import dev.weft.explore.FoundBug;
import dev.weft.explore.McrStrategy;
import dev.weft.report.Interleaving;
import dev.weft.report.ProgramSpec;
import dev.weft.race.RaceFindings;
import dev.weft.report.TextReport;
import dev.weft.solver.QueryLimits;
import dev.weft.solver.SolverKind;
import dev.weft.trace.MemoryModel;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** The per-thread interleaving table of real failing runs of the bundled examples. */
class InterleavingReportTest {

    private static ExplorationResult explore(String mainClass, MemoryModel model) throws Exception {
        ExplorationResult result = RealRuns.explore(mainClass, model, new McrStrategy(SolverKind.ORDER, model, QueryLimits.NONE), 1_000, false).result();
        assertEquals(ExplorationResult.Verdict.BUG, result.verdict(), mainClass);
        return result;
    }

    /** The cells of one thread's column, in order. */
    private static List<String> column(Interleaving table, String thread) {
        int column = table.threads().indexOf(thread);
        return rows(table).stream().filter(r -> r.column() == column).flatMap(r -> r.steps().stream())
                .map(s -> s.location() + " " + s.operation()).collect(Collectors.toList());
    }

    private static List<Interleaving.Row> rows(Interleaving table) {
        List<Interleaving.Row> rows = new ArrayList<>();
        table.rows().forEach(rows::add);
        return rows;
    }

    private static boolean anyContains(List<String> cells, String text) {
        return cells.stream().anyMatch(c -> c.contains(text));
    }

    /** Under the JMM the reader of MP read the old x although the newer write came first in the run: the row says so, and names that write. */
    @Test
    void aStaleReadUnderTheJmmNamesTheWriteItMissed() throws Exception {
        ExplorationResult result = RealRuns.explore("examples.litmus.MP", MemoryModel.JMM, new DfsStrategy(), 1_000, false).result();
        assertEquals(ExplorationResult.Verdict.BUG, result.verdict());
        FoundBug bug = result.bugs().get(0);
        Interleaving table = Interleaving.of(bug.trace(), bug.bug(), false);
        int write = rows(table).stream().flatMap(r -> r.steps().stream()).filter(s -> s.operation().endsWith("write MP.x = 1"))
                .findFirst().orElseThrow().step();
        assertTrue(anyContains(column(table, "main.2"), "read MP.x = 0 (stale: main.1's MP.x = 1 at #" + write + " not yet visible)"),
                column(table, "main.2").toString());
    }

    /** Under SC no read is stale: the reads of a failing run never carry the note. */
    @Test
    void noReadUnderScIsStale() throws Exception {
        FoundBug bug = explore("examples.LostUpdate", MemoryModel.SC).bugs().get(0);
        Interleaving table = Interleaving.of(bug.trace(), bug.bug(), false);
        for (String thread : table.threads()) {
            assertFalse(anyContains(column(table, thread), "stale"), thread);
        }
    }

    @Test
    void lostUpdateShowsBothIncrementersReadAndWriteInTheirOwnColumns() throws Exception {
        FoundBug bug = explore("examples.LostUpdate", MemoryModel.SC).bugs().get(0);
        Interleaving table = Interleaving.of(bug.trace(), bug.bug(), false);
        assertEquals(List.of("main", "main.1", "main.2"), table.threads().stream().sorted().toList());
        for (String incrementer : List.of("main.1", "main.2")) {
            List<String> cells = column(table, incrementer);
            assertTrue(anyContains(cells, "LostUpdate.java:13 read LostUpdate.counter = 0"), incrementer + ": " + cells);
            assertTrue(anyContains(cells, "LostUpdate.java:13 write LostUpdate.counter = 1"), incrementer + ": " + cells);
        }
        assertTrue(anyContains(column(table, "main"), "LostUpdate.java:25 read LostUpdate.counter = 1 (from #"));
    }

    @Test
    void consecutiveStepsOfOneThreadShareARow() throws Exception {
        FoundBug bug = explore("examples.LostUpdate", MemoryModel.SC).bugs().get(0);
        List<Interleaving.Row> rows = rows(Interleaving.of(bug.trace(), bug.bug(), true));
        int steps = 0;
        for (int r = 0; r < rows.size(); r++) {
            steps += rows.get(r).steps().size();
            if (r > 0) {
                assertTrue(rows.get(r).column() != rows.get(r - 1).column(), "adjacent rows of one thread must be folded");
            }
        }
        assertEquals(bug.trace().size(), steps);
        assertTrue(rows.size() < steps);
    }

    @Test
    void eventsOutsideTheCausalPastAreHiddenUnlessTheFullTraceIsAsked() throws Exception {
        FoundBug bug = explore("examples.CheckThenActNull", MemoryModel.SC).bugs().get(0);
        Interleaving past = Interleaving.of(bug.trace(), bug.bug(), false);
        Interleaving full = Interleaving.of(bug.trace(), bug.bug(), true);
        assertTrue(past.shown() < past.total(), past.toText(""));
        assertEquals(full.total(), full.shown());
        String closer = bug.bug().thread().equals("main.1") ? "main.2" : "main.1";
        assertTrue(anyContains(column(past, closer), "write CheckThenActNull.session = null"), past.toText(""));
        assertFalse(anyContains(column(past, closer), "end"), past.toText(""));
        assertTrue(anyContains(column(full, closer), "end"), full.toText(""));
        assertTrue(past.toText("").contains("--full-trace shows all"));
    }

    @Test
    void psoTableShowsWhenEachWriteWasBufferedAndWhenItBecameVisible() throws Exception {
        FoundBug bug = explore("examples.PublicationPSO", MemoryModel.PSO).bugs().get(0);
        Interleaving table = Interleaving.of(bug.trace(), bug.bug(), false);
        List<String> writer = column(table, "main.1");
        assertTrue(anyContains(writer, "write (buffered) PublicationPSO.x = 1, visible at #"), writer.toString());
        assertTrue(anyContains(writer, "flush PublicationPSO.complete = 1 (now visible), buffered at #"), writer.toString());
        assertTrue(anyContains(column(table, "main.2"), "read PublicationPSO.x = 0 (initial value)"), table.toText(""));
    }

    @Test
    void textReportShowsTheTableAndTheProgramsStackFramesOnly() throws Exception {
        ExplorationResult result = explore("examples.LostUpdate", MemoryModel.SC);
        String text = TextReport.render(new ProgramSpec(List.of(), "examples.LostUpdate", List.of()), MemoryModel.SC, result, List.of(), RaceFindings.observed(List.of()), false);
        assertTrue(text.matches("(?s).*step +\\| main +\\| main\\.1 +\\| main\\.2\\n.*"), text);
        assertTrue(text.contains("at examples.LostUpdate.main(LostUpdate.java:25)"), text);
        assertFalse(text.contains("dev.weft."), text);
        assertFalse(text.contains("reflect"), text);
    }
}
