package dev.weft.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.explore.ExplorationResult;
import dev.weft.explore.ExplorationLimits;
import dev.weft.explore.StrategyKind;
import dev.weft.explore.StrategyOptions;
import dev.weft.instrument.InstrumentedProgram;
import dev.weft.oracle.OracleReport;
import dev.weft.trace.BugKind;
import dev.weft.trace.MemoryModel;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Issue 16, item 6: static initialisers behave as the JVM runs them (JLS 12.4.2), whichever thread
 * triggers them: they may start threads, block, fail; other threads wait for them, and which thread
 * runs one, and when, is explored. The stress oracle ({@link StressOracleTest}) compares these
 * programs (in {@code examples.oracle}) with plain JVM runs; the deadlock, which a plain JVM shows
 * only as a hang, is compared here.
 */
class ClassInitialisationTest {
    private static final String SUBJECTS = RealRuns.classpathOf(subjects.ReflectiveInit.class);

    @ParameterizedTest
    @ValueSource(strings = {"mcr", "dpor", "dfs"})
    void whichThreadRunsAnInitialiserAndWhenDecidesWhatItReads(String strategy) throws Exception {
        RealRuns.Exploration explored = explore(RealRuns.examplesClasspath(), "examples.oracle.StaticInitReadsShared", strategy);
        assertTrue(explored.result().complete(), strategy);
        assertEquals(Set.of(readsShared(0), readsShared(1)), explored.outcomes());
    }

    @ParameterizedTest
    @ValueSource(strings = {"mcr", "dpor", "dfs"})
    void aThreadStartedInsideAnInitialiserRunsAlongsideItAndWaitsToUseTheClass(String strategy) throws Exception {
        RealRuns.Exploration explored = explore(RealRuns.examplesClasspath(), "examples.oracle.ThreadInStaticInit", strategy);
        assertTrue(explored.result().complete(), strategy);
        assertEquals(Set.of(
                "{examples.oracle.ThreadInStaticInit$Registry.registered=1, examples.oracle.ThreadInStaticInit.touched=1}",
                "{examples.oracle.ThreadInStaticInit$Registry.registered=1, examples.oracle.ThreadInStaticInit.touched=2}"),
                explored.outcomes());
    }

    @ParameterizedTest
    @ValueSource(strings = {"mcr", "dpor", "dfs"})
    void anInitialiserThatJoinsAThreadWaitingForItsClassIsADeadlock(String strategy) throws Exception {
        ExplorationResult result = explore(RealRuns.examplesClasspath(), "examples.StaticInitJoinDeadlock", strategy).result();
        assertEquals(ExplorationResult.Verdict.BUG, result.verdict(), strategy);
        assertEquals(BugKind.DEADLOCK, result.bugs().get(0).bug().kind());
        assertTrue(result.bugs().get(0).bug().message().contains("waits for the initialisation of examples.StaticInitJoinDeadlock$Cache"),
                result.bugs().get(0).bug().message());
    }

    @Test
    void onAPlainJvmThatDeadlockNeverEnds() throws Exception {
        Map<String, OracleReport.Program> plain = PlainOracleRuns.start(java.util.Collections.singletonMap("examples.StaticInitJoinDeadlock", null),
                new PlainOracleRuns.Budget(2, 20, 1_500, 250), false).get();
        OracleReport.Program runs = plain.get("examples.StaticInitJoinDeadlock");
        assertEquals(0, runs.runs(), "runs that ended: " + runs);
        assertTrue(runs.hangs() > 0 && runs.outcomes().isEmpty(), runs.toString());
    }

    @ParameterizedTest
    @ValueSource(strings = {"mcr", "dpor", "dfs"})
    void aFailedInitialiserGivesLaterUsersTheJvmsNoClassDefFoundError(String strategy) throws Exception {
        ExplorationResult result = explore(RealRuns.examplesClasspath(), "examples.oracle.StaticInitThenNoClassDef", strategy).result();
        assertEquals(ExplorationResult.Verdict.BUG, result.verdict(), strategy);
        assertEquals("StaticInitThenNoClassDef.java:24", result.bugs().get(0).bug().location().fileAndLine());
        assertTrue(result.bugs().get(0).bug().message().startsWith("NoClassDefFoundError: Could not initialize class"),
                result.bugs().get(0).bug().message());
    }

    @ParameterizedTest
    @ValueSource(strings = {"mcr", "dpor", "dfs"})
    void theThreadThatRunsAFailingInitialiserGetsItsExceptionInInitializerError(String strategy) throws Exception {
        ExplorationResult result = explore(RealRuns.examplesClasspath(), "examples.oracle.StaticInitThrows", strategy).result();
        assertEquals(ExplorationResult.Verdict.BUG, result.verdict(), strategy);
        assertEquals("ExceptionInInitializerError", result.bugs().get(0).bug().message());
    }

    @ParameterizedTest
    @ValueSource(strings = {"examples.oracle.StaticInitBlocksOnLock", "examples.oracle.StaticInitWaits", "examples.oracle.StaticInitOnce"})
    void initialisersThatBlockOrRaceEndWithoutBugUnderEveryCompleteStrategy(String program) throws Exception {
        for (String strategy : List.of("mcr", "dpor", "dfs")) {
            ExplorationResult result = explore(RealRuns.examplesClasspath(), program, strategy).result();
            assertEquals(ExplorationResult.Verdict.OK, result.verdict(), program + " " + strategy + " " + result.bugs());
        }
    }

    @Test
    void anInitialisationStartedByReflectionWhileOtherThreadsRunIsRefused() throws Exception {
        ExplorationResult result = explore(SUBJECTS, "subjects.ReflectiveInit", "mcr").result();
        assertEquals(ExplorationResult.Stop.UNSUPPORTED, result.stop());
        assertTrue(result.error().contains("initialisation of subjects.ReflectiveInit$Late started by reflection or JDK code"), result.error());
    }

    private static RealRuns.Exploration explore(String classpath, String mainClass, String strategy) throws Exception {
        return RealRuns.explore(InstrumentedProgram.open(classpath, mainClass, List.of()), MemoryModel.SC,
                StrategyKind.byName(strategy).create(StrategyOptions.defaults(MemoryModel.SC)), new ExplorationLimits(5_000, null, true), run -> List.of(run.outcome()));
    }

    /** StaticInitReadsShared's final state when its initialiser read {@code value}: both threads see that. */
    private static String readsShared(int value) {
        String program = "examples.oracle.StaticInitReadsShared";
        return "{" + program + "$Settings.VALUE=" + value + ", " + program + ".config=1, " + program + ".seenByMain=" + value + ", "
                + program + ".seenByWorker=" + value + "}";
    }
}
