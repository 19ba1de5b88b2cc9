package dev.weft.check;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.explore.ExplorationResult;
import dev.weft.explore.ExplorationResult.Verdict;
import dev.weft.explore.ExplorationLimits;
import dev.weft.explore.StrategyKind;
import dev.weft.explore.StrategyOptions;
import dev.weft.instrument.InstrumentedProgram;
import dev.weft.runtime.RunConfig;
import dev.weft.solver.QueryLimits;
import dev.weft.solver.SolverKind;
import dev.weft.trace.BugKind;
import dev.weft.trace.MemoryModel;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The ways a blocking call returns without the action it waits for (issue 16, item 4), explored for
 * real by every complete strategy: spurious wake-ups of {@code Object.wait}, {@code Condition.await}
 * and {@code park} (JLS 17.2.1, the {@code Condition} and {@code LockSupport} javadoc), a notify that
 * wakes a waiter other than the longest (JLS 17.2.2), timeouts and interrupts. The programs are in
 * {@code examples.oracle} (the stress oracle's corpus: its plain JVM runs show the timeouts, the
 * interrupts and park's early return; a plain JVM almost never wakes {@code wait} or {@code await}
 * spuriously, so for those the JLS is the reference) and {@code examples.NotifyWakesAnyWaiter}.
 */
class WakeupsTest {
    private static final long RUNS = 5_000;

    static Stream<Arguments> strategies() {
        return Stream.of("mcr", "dpor", "dfs").map(Arguments::of);
    }

    static Stream<Arguments> withoutALoop() {
        return Stream.of("WaitWithoutLoop", "AwaitWithoutLoop", "ParkWithoutLoop")
                .flatMap(p -> Stream.of("mcr", "dpor", "dfs").map(s -> Arguments.of("examples.oracle." + p, s)));
    }

    @ParameterizedTest(name = "{1} {0}")
    @MethodSource("withoutALoop")
    void waitingWithoutALoopFailsWhenTheWaitReturnsSpuriously(String program, String strategy) throws Exception {
        ExplorationResult result = explore(program, MemoryModel.SC, true, strategy).result();
        assertEquals(Verdict.BUG, result.verdict(), program);
        assertEquals(BugKind.ASSERTION, result.bugs().get(0).bug().kind());
        assertTrue(result.bugs().get(0).replayed(), "the bug's schedule replays it");
    }

    @ParameterizedTest(name = "{1} {0}")
    @MethodSource("withoutALoop")
    void withoutSpuriousWakeupsTheSameProgramsHaveNoBug(String program, String strategy) throws Exception {
        assertComplete(explore(program, MemoryModel.SC, false, strategy).result(), program);
    }

    static Stream<Arguments> guardedWaits() {
        return Stream.of("WaitLoopHandoff", "ConditionLoopTwoWaiters", "ParkLoopHandoff", "InterruptWaiter").flatMap(p -> Stream.of(true, false)
                .flatMap(spurious -> Stream.of("mcr", "dpor", "dfs").map(s -> Arguments.of("examples.oracle." + p, spurious, s))));
    }

    /** With spurious wake-ups, a wake-up that changed nothing holds the loop's next wait (trace.BusyWait): the exploration ends, complete. */
    @ParameterizedTest(name = "{2} {0} spurious {1}")
    @MethodSource("guardedWaits")
    void guardedWaitsHaveNoBug(String program, boolean spurious, String strategy) throws Exception {
        assertComplete(explore(program, MemoryModel.SC, spurious, strategy).result(), program);
    }

    /**
     * Seeing the unnotified interim value takes a spurious wake-up after its write; a held wait is
     * let go by that write. The JLS is the reference (a plain JVM almost never wakes spuriously).
     */
    @ParameterizedTest(name = "{0}")
    @MethodSource("strategies")
    void aHeldWaitWakesSpuriouslyOnceWhatItReadChanges(String strategy) throws Exception {
        RealRuns.Exploration spurious = exploreSubject(subjects.GuardedWaitSeesInterim.class, true, strategy);
        assertComplete(spurious.result(), "GuardedWaitSeesInterim");
        assertEquals(Set.of(0, 1, 2), seen(spurious));
        RealRuns.Exploration notified = exploreSubject(subjects.GuardedWaitSeesInterim.class, false, strategy);
        assertComplete(notified.result(), "GuardedWaitSeesInterim");
        assertEquals(Set.of(0, 1), seen(notified));
    }

    private static Set<Integer> seen(RealRuns.Exploration exploration) {
        return exploration.outcomes().stream().map(o -> Integer.valueOf(o.replaceAll(".*\\.seen=(\\d+).*", "$1"))).collect(Collectors.toSet());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("strategies")
    void aNotifyMayWakeAWaiterOtherThanTheLongest(String strategy) throws Exception {
        ExplorationResult result = explore("examples.NotifyWakesAnyWaiter", MemoryModel.SC, false, strategy).result();
        assertEquals(Verdict.BUG, result.verdict());
        assertEquals(BugKind.ASSERTION, result.bugs().get(0).bug().kind());
    }

    static Stream<Arguments> timedWaits() {
        return Stream.of("TimedWaitNoLoop", "AwaitNanosNoLoop").flatMap(p -> Stream.of(true, false)
                .flatMap(spurious -> Stream.of("mcr", "dpor", "dfs").map(s -> Arguments.of("examples.oracle." + p, spurious, s))));
    }

    /** A plain JVM shows it: the waiter times out before main sets the flag and notifies. */
    @ParameterizedTest(name = "{2} {0} spurious {1}")
    @MethodSource("timedWaits")
    void aTimedWaitMayTimeOutBeforeItsNotify(String program, boolean spurious, String strategy) throws Exception {
        RealRuns.Exploration run = explore(program, MemoryModel.SC, spurious, strategy);
        assertComplete(run.result(), program);
        assertTrue(run.outcomes().stream().anyMatch(o -> o.contains("ready=true") && o.contains("seen=false")), run.outcomes().toString());
        assertTrue(run.outcomes().stream().anyMatch(o -> o.contains("ready=true") && o.contains("seen=true")), run.outcomes().toString());
    }

    static Stream<Arguments> interruptsAndAttempts() {
        return Stream.of(
                Arguments.of("examples.oracle.InterruptJoin", Set.of("{examples.oracle.InterruptJoin.joinInterrupted=true}",
                        "{examples.oracle.InterruptJoin.joinInterrupted=false}")),
                Arguments.of("examples.oracle.InterruptFlagRace", Set.of("{examples.oracle.InterruptFlagRace.observed=true}",
                        "{examples.oracle.InterruptFlagRace.observed=false}")),
                Arguments.of("examples.oracle.TryLockTimed", Set.of("{examples.oracle.TryLockTimed.acquired=true}",
                        "{examples.oracle.TryLockTimed.acquired=false}")),
                Arguments.of("examples.oracle.InterruptSleeper", Set.of("{examples.oracle.InterruptSleeper.interrupted=true}",
                        "{examples.oracle.InterruptSleeper.interrupted=false}")))
                .flatMap(a -> Stream.of("mcr", "dpor", "dfs").map(s -> Arguments.of(a.get()[0], a.get()[1], s)));
    }

    /** Plain JVM runs show both outcomes of the first three (InterruptSleeper's second needs a sleep of a minute to end first). */
    @ParameterizedTest(name = "{2} {0}")
    @MethodSource("interruptsAndAttempts")
    void interruptsTimeoutsAndFailedAttemptsAreExplored(String program, Set<String> outcomes, String strategy) throws Exception {
        RealRuns.Exploration run = explore(program, MemoryModel.SC, false, strategy);
        assertComplete(run.result(), program);
        assertEquals(outcomes, run.outcomes());
    }

    static Stream<Arguments> relaxed() {
        return Stream.of(MemoryModel.TSO, MemoryModel.PSO).flatMap(m -> Stream.of("mcr", "dpor").flatMap(s -> Stream.of(
                Arguments.of("examples.oracle.WaitWithoutLoop", true, m, s), Arguments.of("examples.NotifyWakesAnyWaiter", false, m, s))));
    }

    @ParameterizedTest(name = "{3} {0} {2} spurious {1}")
    @MethodSource("relaxed")
    void theBugsAreFoundUnderTsoAndPso(String program, boolean spurious, MemoryModel model, String strategy) throws Exception {
        ExplorationResult result = explore(program, model, spurious, strategy).result();
        assertEquals(Verdict.BUG, result.verdict());
        assertEquals(BugKind.ASSERTION, result.bugs().get(0).bug().kind());
    }

    private static void assertComplete(ExplorationResult result, String program) {
        assertEquals(Verdict.OK, result.verdict(), () -> program + ": " + result.bugs() + " " + result.error());
        assertTrue(result.complete(), program);
    }

    private static RealRuns.Exploration exploreSubject(Class<?> program, boolean spurious, String strategy) throws Exception {
        return explore(InstrumentedProgram.open(RealRuns.classpathOf(program), program.getName(), List.of()), MemoryModel.SC, spurious, strategy);
    }

    private static RealRuns.Exploration explore(String program, MemoryModel model, boolean spurious, String strategy) throws Exception {
        return explore(InstrumentedProgram.open(RealRuns.examplesClasspath(), program, List.of()), model, spurious, strategy);
    }

    private static RealRuns.Exploration explore(InstrumentedProgram opened, MemoryModel model, boolean spurious, String strategy) throws Exception {
        StrategyOptions options = new StrategyOptions(model, 0, StrategyOptions.DEFAULT_PREEMPTION_BOUND, StrategyOptions.DEFAULT_DEPTH,
                RUNS, SolverKind.ORDER, QueryLimits.NONE);
        return RealRuns.explore(opened, RunConfig.of(model).withSpuriousWakeups(spurious), StrategyKind.byName(strategy).create(options),
                new ExplorationLimits(RUNS, null, false), run -> List.of(run.outcome()));
    }
}
