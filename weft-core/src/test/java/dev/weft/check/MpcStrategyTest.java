package dev.weft.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.explore.ExplorationResult.Verdict;
import dev.weft.explore.FoundBug;
import dev.weft.report.ScheduleFile;
import dev.weft.runtime.RunConfig;
import dev.weft.trace.InputValue;
import dev.weft.trace.IncompleteReason;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.RunResult;
import java.nio.file.Path;
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
