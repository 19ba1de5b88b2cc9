package dev.weft.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.explore.DporStrategy;
import dev.weft.explore.ExplorationResult;
import dev.weft.explore.McrStrategy;
import dev.weft.solver.QueryLimits;
import dev.weft.solver.SolverKind;
import dev.weft.instrument.InstrumentedProgram;
import dev.weft.trace.Bug;
import dev.weft.trace.BugKind;
import dev.weft.trace.IncompleteReason;
import dev.weft.trace.MemoryModel;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Weft's models of the threads the JDK starts (CompletableFuture, fork/join, scheduled pools, parallel
 * streams; docs/jdk.md): failures reach the program as the JDK reports them, and where a model stops
 * short of the JDK the check says it is incomplete. The catalogue's examples.juc rows check the verdicts.
 */
class JdkThreadModelTest {
    private static ExplorationResult explore(String use) throws Exception {
        String subjects = Path.of(subjects.JdkThreadUses.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
        InstrumentedProgram program = InstrumentedProgram.open(subjects, "subjects.JdkThreadUses", List.of(use));
        return RealRuns.explore(program, MemoryModel.SC, new DporStrategy(MemoryModel.SC), 2_000, false).result();
    }

    private static Bug onlyBug(ExplorationResult result) {
        assertEquals(ExplorationResult.Verdict.BUG, result.verdict(), String.valueOf(result.error()));
        return result.bugs().get(0).bug();
    }

    @Test
    void anAsyncSuppliersExceptionReachesJoinAsACompletionException() throws Exception {
        Bug bug = onlyBug(explore("completable-failure"));
        assertEquals(BugKind.EXCEPTION, bug.kind());
        assertEquals("CompletionException: java.lang.IllegalStateException: boom", bug.message());
    }

    @Test
    void exceptionallyRecoversWithEveryBehaviourCovered() throws Exception {
        ExplorationResult result = explore("completable-recovered");
        assertEquals(ExplorationResult.Verdict.OK, result.verdict(), result.bugs().toString());
        assertTrue(result.complete(), result.incompleteReasons().toString());
    }

    @Test
    void aForkJoinTasksExceptionIsRethrownByTheInvoke() throws Exception {
        Bug bug = onlyBug(explore("fork-join-failure"));
        assertEquals(BugKind.EXCEPTION, bug.kind());
        assertEquals("IllegalStateException: boom", bug.message());
    }

    @Test
    void aCountedCompletersFailurePassesUpToTheRootsInvoke() throws Exception {
        Bug bug = onlyBug(explore("completer-child-failure"));
        assertEquals(BugKind.EXCEPTION, bug.kind());
        assertEquals("IllegalStateException: boom", bug.message());
    }

    @Test
    void aPeriodicTaskPastItsBoundMakesTheCheckIncomplete() throws Exception {
        ExplorationResult result = explore("periodic-never-cancelled");
        assertEquals(ExplorationResult.Verdict.INCOMPLETE, result.verdict(), result.bugs().toString());
        assertFalse(result.complete());
        assertTrue(result.incompleteReasons().stream().map(IncompleteReason::kind).anyMatch("model-bound"::equals),
                result.incompleteReasons().toString());
    }

    /** Where a model stops short of the JDK, the run says so: the reason names what it left out. */
    @ParameterizedTest
    @CsvSource({
            "parallel-stream-of-many, 6 elements ran in 4 parts",
            "parallel-limit-after-filter, limit(1) after operations"})
    void whereAModelStopsShortTheCheckIsIncomplete(String use, String reason) throws Exception {
        ExplorationResult result = explore(use);
        assertEquals(ExplorationResult.Verdict.INCOMPLETE, result.verdict(), result.bugs().toString());
        assertTrue(result.incompleteReasons().stream().map(IncompleteReason::message).anyMatch(m -> m.contains(reason)),
                result.incompleteReasons().toString());
    }

    /**
     * Every check of a parallel sum in one JVM covers it. JDK 17's reflection boxed a part's sum with a new object for a
     * method's first calls and with the shared box after: a later check's runs named the sum otherwise than the runs its
     * seeds were solved on, and mcr said "incomplete" (seeds missed) from the second check of a JVM on.
     */
    @Test
    void everyCheckOfAParallelSumInOneJvmCoversIt() throws Exception {
        for (int check = 1; check <= 6; check++) {
            ExplorationResult result = RealRuns.explore("examples.juc.ParallelStreamSum", MemoryModel.TSO,
                    new McrStrategy(SolverKind.ORDER, MemoryModel.TSO, QueryLimits.NONE), 1_000, false).result();
            assertTrue(result.complete(), "check " + check + ": " + result.incompleteReasons());
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"parallel-limit-after-map", "parallel-skip-after-map"})
    void aSliceAfterAMapOnASourceOfKnownSizeIsCovered(String use) throws Exception {
        ExplorationResult result = explore(use);
        assertEquals(ExplorationResult.Verdict.OK, result.verdict(), result.bugs().toString());
        assertTrue(result.complete(), result.incompleteReasons().toString());
    }

    @Test
    void countOfASourceOfKnownSizeRunsNoPeek() throws Exception {
        ExplorationResult result = explore("parallel-count-after-peek");
        assertEquals(ExplorationResult.Verdict.OK, result.verdict(), result.bugs().toString());
        assertTrue(result.complete(), result.incompleteReasons().toString());
    }

    /**
     * forEachOrdered runs its action on one element at a time, in encounter order, each before the next (its javadoc): a
     * plain list it adds to holds every element in order. The model ran the parts' actions at the same time, a lost add
     * the JDK cannot show.
     */
    @Test
    void forEachOrderedRunsItsActionsOneAtATimeInOrder() throws Exception {
        ExplorationResult result = explore("parallel-for-each-ordered");
        assertEquals(ExplorationResult.Verdict.OK, result.verdict(), result.bugs().toString());
        assertTrue(result.complete(), result.incompleteReasons().toString());
    }
}
