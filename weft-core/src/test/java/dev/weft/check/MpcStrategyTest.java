package dev.weft.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.weft.explore.ExplorationResult.Verdict;
import dev.weft.explore.FoundBug;
import dev.weft.report.HtmlReport;
import dev.weft.report.JsonSummary;
import dev.weft.report.ScheduleFile;
import dev.weft.report.TextReport;
import dev.weft.runtime.RunConfig;
import dev.weft.trace.InputValue;
import dev.weft.trace.IncompleteReason;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.RunResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code -s mpc}: inputs and interleavings found together, checked against dpor run once per input value. */
class MpcStrategyTest {
    private static final List<String> EXAMPLES = List.of(RealRuns.examplesClasspath());
    private static final String M0 = "examples.inputs.InputAndSchedule";

    private static CheckResult check(String mainClass, String strategy, Map<String, Long> inputs) throws Exception {
        return Checker.check(CheckRequest.forMainClass(mainClass).classpath(EXAMPLES).strategy(strategy).allBugs(true)
                .runConfig(RunConfig.of(MemoryModel.SC).withInputs(inputs)).build());
    }

    @Test
    void m0IsFoundWithItsInputsAndInterleavingAndReplaysFromItsScheduleFile(@TempDir Path dir) throws Exception {
        CheckResult result = Checker.check(CheckRequest.forMainClass(M0).classpath(EXAMPLES).strategy("mpc").build());

        assertEquals(Verdict.BUG, result.verdict());
        assertEquals("i = 3, j = 2", InputValue.describe(result.bugs().get(0).trace().inputs()));
        List<Path> schedules = result.saveSchedules(dir);
        assertEquals(Map.of("i", 3L, "j", 2L), ScheduleFile.read(schedules.get(0)).runConfig().inputs());
        assertEquals(RunResult.Status.BUG, RealRuns.replay(schedules.get(0)).status());
    }

    /** The first bug, without --all-bugs: the path phase stops at it, before any input class. */
    private static CheckResult firstBug(String mainClass, Map<String, Long> inputs) throws Exception {
        return Checker.check(CheckRequest.forMainClass(mainClass).classpath(EXAMPLES).strategy("mpc")
                .runConfig(RunConfig.of(MemoryModel.SC).withInputs(inputs)).build());
    }

    @Test
    void thePathPhaseFindsM0InAFewRunsBeforeAnyInputClass() throws Exception {
        CheckResult result = firstBug(M0, Map.of());

        assertEquals(Verdict.BUG, result.verdict());
        Map<String, Long> counts = result.exploration().counts();
        assertFalse(counts.containsKey("inputClasses"), counts.toString());
        assertEquals(0, counts.get("prefixesMissed"), "every run took the path prefix it was solved for");
        assertEquals(0, counts.get("unmodelledRuns"));
        // dpor once per input class needed 64 runs (docs/mpc.md); one run per path prefix needs a handful
        assertTrue(result.exploration().executions() <= 20, result.exploration().executions() + " runs");
        assertTrue(counts.get("pathsExplored") >= 2 && counts.get("infeasiblePrefixes") >= 1, counts.toString());
    }

    /** Figure 8: on the first run (i > 0) the check's other side is infeasible; the unsat core relaxes the writer, whose other path writes 2. */
    @Test
    void figure8sErrorPathIsFoundByRelaxingTheUnsatCoresThread() throws Exception {
        CheckResult result = firstBug("examples.inputs.PathSplit", Map.of("i", 1L, "j", 0L));

        assertEquals(Verdict.BUG, result.verdict());
        Map<String, Long> counts = result.exploration().counts();
        assertFalse(counts.containsKey("inputClasses"), counts.toString());
        assertTrue(counts.get("unsatCoresUsed") >= 1 && counts.get("infeasiblePrefixes") >= 1, counts.toString());
        Map<String, Long> inputs = new HashMap<>();
        result.bugs().get(0).trace().inputs().forEach(in -> inputs.put(in.name(), in.value()));
        assertTrue(inputs.get("i") <= 0 && inputs.get("j") == 1, inputs.toString());
    }

    @Test
    void theSummaryCountsPathsPrefixesCoresAndInputClasses() throws Exception {
        CheckResult result = check("examples.inputs.InputBounded", "mpc", Map.of());

        String text = TextReport.render(result.program(), MemoryModel.SC, result.exploration(), List.of(), result.raceFindings(), false);
        assertTrue(text.matches("(?s)(.*\\n)?mpc: \\d+ paths explored, \\d+ infeasible prefixes, \\d+ unsat cores used, 0 prefixes missed, "
                + "0 unmodelled runs, 0 concretisations, \\d+ input classes\\n.*"), text);
        JsonNode counts = JsonSummary.of(result.program(), MemoryModel.SC, result.exploration(), List.of(), result.raceFindings()).get("counts");
        assertEquals(List.of("pathsExplored", "infeasiblePrefixes", "unsatCoresUsed", "prefixesMissed", "unmodelledRuns", "concretisations",
                "inputClasses"), iterable(counts.fieldNames()));
    }

    @Test
    void aBugsInputsAreInTheHtmlReport() throws Exception {
        CheckResult result = firstBug(M0, Map.of());

        String html = HtmlReport.render(result.program(), MemoryModel.SC, result.exploration(), List.of(), result.raceFindings(), List.of());
        assertTrue(html.contains("<p>With inputs <code>i = 3, j = 2</code></p>"), html);
        assertTrue(html.contains("<tr><th>paths explored</th>"), html);
    }

    private static List<String> iterable(Iterator<String> names) {
        List<String> all = new ArrayList<>();
        names.forEachRemaining(all::add);
        return all;
    }

    @Test
    void aProgramWithoutABugForAnyInputIsCovered() throws Exception {
        CheckResult result = check("examples.inputs.InputBounded", "mpc", Map.of());

        assertEquals(Verdict.OK, result.verdict(), result.exploration().incompleteReasons().toString());
    }

    /** The soundness check: mpc finds exactly the bugs dpor finds over all input values, one dpor check per value. */
    @Test
    void itsBugsAreTheUnionOfDporsOverEveryInputValue() throws Exception {
        Set<String> dpor = new TreeSet<>();
        for (long n = 0; n <= 3; n++) {
            dpor.addAll(bugs(check("examples.inputs.InputRace", "dpor", Map.of("n", n))));
        }
        assertEquals(2, dpor.size(), dpor.toString());
        CheckResult mpc = check("examples.inputs.InputRace", "mpc", Map.of());
        assertEquals(dpor, bugs(mpc));
        assertTrue(mpc.exploration().incompleteReasons().isEmpty(), mpc.exploration().incompleteReasons().toString());
    }

    @Test
    void m0sBugsAreTheUnionOfDporsOverEveryInputValue() throws Exception {
        Set<String> dpor = new TreeSet<>();
        for (long i = 0; i <= 10; i++) {
            for (long j = 0; j <= 2; j++) {
                dpor.addAll(bugs(check(M0, "dpor", Map.of("i", i, "j", j))));
            }
        }
        assertEquals(dpor, bugs(check(M0, "mpc", Map.of())));
    }

    @Test
    void figure8sBugsAreTheUnionOfDporsOverEveryInputValue() throws Exception {
        Set<String> dpor = new TreeSet<>();
        for (long i = -1; i <= 1; i++) {
            for (long j = -1; j <= 1; j++) {
                dpor.addAll(bugs(check("examples.inputs.PathSplit", "dpor", Map.of("i", i, "j", j))));
            }
        }
        assertEquals(1, dpor.size(), dpor.toString());
        CheckResult mpc = check("examples.inputs.PathSplit", "mpc", Map.of());
        assertEquals(dpor, bugs(mpc));
        assertTrue(mpc.exploration().incompleteReasons().isEmpty(), mpc.exploration().incompleteReasons().toString());
    }

    @Test
    void aConcretisedValueMakesTheCheckIncompleteWithWhereItHappened() throws Exception {
        CheckResult result = check("examples.inputs.AssumedEven", "mpc", Map.of());

        assertEquals(Verdict.INCOMPLETE, result.verdict());
        List<IncompleteReason> reasons = result.exploration().incompleteReasons();
        assertEquals(List.of("concretised"), reasons.stream().map(IncompleteReason::kind).distinct().toList());
        assertTrue(reasons.get(0).message().startsWith("concretised: division at AssumedEven.java:17"), reasons.toString());
    }

    @Test
    void relaxedMemoryModelsAreRefused() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> CheckRequest.forMainClass(M0)
                .classpath(EXAMPLES).strategy("mpc").runConfig(RunConfig.of(MemoryModel.TSO)).build());
        assertTrue(refused.getMessage().contains("SC only"), refused.getMessage());
    }

    private static Set<String> bugs(CheckResult result) {
        Set<String> bugs = new TreeSet<>();
        for (FoundBug found : result.bugs()) {
            bugs.add(found.bug().kind() + " " + found.bug().location().fileAndLine() + " " + found.bug().message());
        }
        return bugs;
    }
}
