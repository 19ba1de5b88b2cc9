package dev.weft.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.explore.ExplorationResult.Verdict;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.RunResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A weak compare-and-set may fail spuriously (the javadoc of {@code VarHandle.weakCompareAndSet} and
 * of the atomic classes says so, value matched or not): a program that needs it to succeed has a bug a
 * JVM is allowed to show, which every exhaustive strategy finds under every memory model with a schedule
 * that replays it; one that retries stays correct and completely covered.
 */
class WeakCasTest {
    private static final List<String> SUBJECTS = List.of(RealRuns.classpathOf(subjects.WeakCasOnce.class));

    static Stream<Arguments> strategiesAndModels() {
        List<Arguments> out = new ArrayList<>();
        for (MemoryModel model : MemoryModel.values()) {
            for (String strategy : List.of("mcr", "dpor", "dfs")) {
                if (!(strategy.equals("mcr") && model == MemoryModel.JMM)) {
                    out.add(Arguments.of(strategy, model));
                }
            }
        }
        return out.stream();
    }

    private static CheckResult check(String mainClass, String strategy, MemoryModel model) throws Exception {
        return Checker.check(CheckRequest.forMainClass(mainClass).classpath(SUBJECTS).strategy(strategy).memoryModel(model)
                .maxExecutions(20_000).build());
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("strategiesAndModels")
    void aClaimThatNeedsTheWeakCasToSucceedFailsSpuriouslyAndReplays(String strategy, MemoryModel model, @TempDir Path dir) throws Exception {
        CheckResult result = check("subjects.WeakCasOnce", strategy, model);

        assertEquals(Verdict.BUG, result.verdict(), result.exploration().incompleteReasons().toString());
        List<Path> schedules = result.saveSchedules(dir);
        assertEquals(RunResult.Status.BUG, RealRuns.replay(schedules.get(0)).status());
        String text = result.text(schedules, true);
        assertTrue(text.contains("weakCompareAndSet") && text.contains("failed spuriously"), text);
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("strategiesAndModels")
    void aRetryLoopStaysCorrectAndCompletelyCovered(String strategy, MemoryModel model) throws Exception {
        for (String subject : List.of("subjects.WeakCasRetry", "subjects.WeakCasSpin")) {
            CheckResult result = check(subject, strategy, model);

            assertEquals(Verdict.OK, result.verdict(), subject + ": " + result.bugs() + " " + result.exploration().incompleteReasons());
            assertTrue(result.complete(), subject);
        }
    }
}
