package dev.weft.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.explore.ExplorationResult;
import dev.weft.explore.ExplorationLimits;
import dev.weft.explore.Strategy;
import dev.weft.explore.StrategyKind;
import dev.weft.explore.StrategyOptions;
import dev.weft.instrument.InstrumentedProgram;
import dev.weft.runtime.RunConfig;
import dev.weft.trace.BugKind;
import dev.weft.trace.IncompleteReason;
import dev.weft.trace.MemoryModel;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Busy-wait loops on real programs (issue 16, item 1): the runtime holds a thread back only at the
 * header of a loop whose iteration would repeat exactly ({@code trace.BusyWait}), never lets it go
 * otherwise, and cuts a run whose loop repeats its shared steps more often than the loop bound.
 * What plain JVM runs of the {@code examples.oracle} programs show is checked by the stress oracle;
 * here each strategy's verdict and the agreement of the strategies under TSO and PSO.
 */
class BusyWaitLoopsTest {
    private static final long RUNS = 20_000;
    private static final List<StrategyKind> COMPLETE = List.of(StrategyKind.MCR, StrategyKind.DPOR, StrategyKind.DFS);

    /** Spins that give up after a few rounds: today's main held them back as if the rounds were all alike and said "no bug". */
    static Stream<Arguments> givingUp() {
        List<Arguments> cases = new ArrayList<>();
        for (String program : List.of("examples.oracle.BoundedSpinGivesUp", "examples.oracle.DekkerGivesUp")) {
            for (StrategyKind strategy : COMPLETE) {
                cases.add(Arguments.of(program, strategy, MemoryModel.SC));
            }
            for (MemoryModel model : List.of(MemoryModel.TSO, MemoryModel.PSO)) {
                cases.add(Arguments.of(program, StrategyKind.MCR, model));
                cases.add(Arguments.of(program, StrategyKind.DPOR, model));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} {1} {2}")
    @MethodSource("givingUp")
    void aSpinThatGivesUpIsExploredToItsBug(String program, StrategyKind strategy, MemoryModel model) throws Exception {
        ExplorationResult result = explore(program, strategy, model, RunConfig.of(model), false).result();
        assertEquals(ExplorationResult.Verdict.BUG, result.verdict(), program + " " + strategy + ": " + result);
        assertEquals(BugKind.ASSERTION, result.bugs().get(0).bug().kind());
    }

    /**
     * Loops that only wait: pure busy-waits on fields, getters, inner loops, monitors, wait and park, Lamport's fast mutex, and
     * re-checks of a shared JDK queue and map (calls that only read a JDK object's state).
     */
    static Stream<Arguments> waiting() {
        List<Arguments> cases = new ArrayList<>();
        for (String program : List.of("examples.oracle.PureSpinFlag", "examples.oracle.GetterSpin", "examples.oracle.NestedSpins",
                "examples.oracle.LockedSpinHandoff", "examples.oracle.WaitLoopHandoff", "examples.oracle.ParkLoopHandoff",
                "examples.oracle.LamportFastMutex", "examples.oracle.LockHeldSpin", "examples.oracle.QueueSpinHandoff",
                "examples.oracle.LockedMapSpin")) {
            for (MemoryModel model : List.of(MemoryModel.SC, MemoryModel.TSO, MemoryModel.PSO)) {
                cases.add(Arguments.of(program, model));
            }
        }
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("waiting")
    void mcrAndDporCoverEveryBehaviourOfALoopThatWaitsAndAgree(String program, MemoryModel model) throws Exception {
        RealRuns.Exploration mcr = explore(program, StrategyKind.MCR, model, RunConfig.of(model), true);
        RealRuns.Exploration dpor = explore(program, StrategyKind.DPOR, model, RunConfig.of(model), true);
        assertTrue(mcr.result().complete() && dpor.result().complete(), mcr.result() + "\n" + dpor.result());
        assertEquals(dpor.outcomes(), mcr.outcomes());
        assertTrue(mcr.result().bugs().isEmpty(), mcr.outcomes().toString());
    }

    @ParameterizedTest
    @EnumSource(value = StrategyKind.class, names = {"MCR", "DPOR", "DFS"})
    void aSpinThatNothingCanReleaseIsALivelockInTheFirstRun(StrategyKind strategy) throws Exception {
        ExplorationResult result = exploreSubject(subjects.SpinForever.class, strategy, RunConfig.of(MemoryModel.SC), false).result();
        assertEquals(ExplorationResult.Verdict.BUG, result.verdict());
        assertEquals(BugKind.LIVELOCK, result.bugs().get(0).bug().kind());
        assertEquals("livelock: main.1 spins at SpinForever.java:10 reading nothing another thread can change",
                result.bugs().get(0).bug().message());
        assertEquals(1, result.executionsToFirstBug());
        assertTrue(result.bugs().get(0).trace().size() < 20, "held at once, not after the step bound: " + result.bugs().get(0).trace().size());
    }

    @ParameterizedTest
    @EnumSource(value = StrategyKind.class, names = {"MCR", "DPOR", "DFS"})
    void aLoopThatOnlyCountsWhileNobodySetsItsFlagIsCutAndNeverComplete(StrategyKind strategy) throws Exception {
        RealRuns.Exploration exploration = exploreSubject(subjects.CountUntilSet.class, strategy, RunConfig.of(MemoryModel.SC), true);
        ExplorationResult result = exploration.result();
        assertFalse(result.complete());
        assertEquals(ExplorationResult.Verdict.INCOMPLETE, result.verdict());
        assertTrue(loopBoundReasons(result).contains("loop bound 10 reached at CountUntilSet.java:14 in thread main.1"),
                result.incompleteReasons().toString());
        assertTrue(exploration.outcomes().stream().allMatch(o -> o.startsWith("CUT")), exploration.outcomes().toString());
    }

    @ParameterizedTest
    @EnumSource(value = StrategyKind.class, names = {"MCR", "DPOR", "DFS"})
    void aRetryLoopLongerThanTheLoopBoundIsIncompleteUntilTheBoundIsRaised(StrategyKind strategy) throws Exception {
        RealRuns.Exploration bounded = explore("examples.oracle.RetryBeyondBound", strategy, MemoryModel.SC, RunConfig.of(MemoryModel.SC), true);
        assertFalse(bounded.result().complete(), bounded.result().toString());
        assertTrue(loopBoundReasons(bounded.result()).contains("loop bound 10 reached at RetryBeyondBound.java:14"),
                bounded.result().incompleteReasons().toString());
        RealRuns.Exploration raised = explore("examples.oracle.RetryBeyondBound", strategy, MemoryModel.SC,
                RunConfig.of(MemoryModel.SC).withLoopBound(20), true);
        assertTrue(raised.result().complete(), raised.result().toString());
        assertEquals(Set.of("{examples.oracle.RetryBeyondBound.fellBack=false, examples.oracle.RetryBeyondBound.ready=true}",
                "{examples.oracle.RetryBeyondBound.fellBack=true, examples.oracle.RetryBeyondBound.ready=true}"), raised.outcomes());
    }

    @ParameterizedTest
    @EnumSource(value = StrategyKind.class, names = {"MCR", "DPOR", "DFS"})
    void aLoopThatChangesAJdkListNoOtherThreadReachesIsNeverHeld(StrategyKind strategy) throws Exception {
        RealRuns.Exploration exploration = exploreSubject(subjects.ConfinedListFill.class, strategy, RunConfig.of(MemoryModel.SC), true);
        assertTrue(exploration.result().complete(), exploration.result().toString());
        assertTrue(exploration.result().bugs().isEmpty(), exploration.result().bugs().toString());
        assertEquals(Set.of("{subjects.ConfinedListFill.filled=3, subjects.ConfinedListFill.flag=0}"), exploration.outcomes());
    }

    @ParameterizedTest
    @EnumSource(value = StrategyKind.class, names = {"MCR", "DPOR", "DFS"})
    void aGuardedWaitThatNobodyNotifiesIsADeadlock(StrategyKind strategy) throws Exception {
        ExplorationResult result = exploreSubject(subjects.WaitForever.class, strategy, RunConfig.of(MemoryModel.SC), false).result();
        assertEquals(BugKind.DEADLOCK, result.bugs().get(0).bug().kind());
        assertNull(result.error());
    }

    private static RealRuns.Exploration explore(String program, StrategyKind strategy, MemoryModel model, RunConfig config,
                                                boolean allBugs) throws Exception {
        InstrumentedProgram opened = InstrumentedProgram.open(RealRuns.examplesClasspath(), program, List.of());
        return RealRuns.explore(opened, config, create(strategy, model), new ExplorationLimits(RUNS, null, allBugs), run -> List.of(run.outcome()));
    }

    private static RealRuns.Exploration exploreSubject(Class<?> program, StrategyKind strategy, RunConfig config, boolean allBugs)
            throws Exception {
        InstrumentedProgram opened = InstrumentedProgram.open(RealRuns.classpathOf(program), program.getName(), List.of());
        return RealRuns.explore(opened, config, create(strategy, config.memoryModel()), new ExplorationLimits(RUNS, null, allBugs), run -> List.of(run.outcome()));
    }

    private static Strategy create(StrategyKind strategy, MemoryModel model) {
        return strategy.create(StrategyOptions.defaults(model));
    }

    /** The messages of the exploration's loop-bound reasons, one per line. */
    private static String loopBoundReasons(ExplorationResult result) {
        return result.incompleteReasons().stream().filter(r -> r.kind().equals("loop-bound"))
                .map(IncompleteReason::message).collect(Collectors.joining("\n"));
    }
}
