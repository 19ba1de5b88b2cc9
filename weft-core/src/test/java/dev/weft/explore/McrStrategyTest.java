package dev.weft.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.causal.ReadSignature;
import dev.weft.explore.ExplorationResult.Verdict;
import dev.weft.explore.ToyPrograms.Program;
import dev.weft.runtime.SchedulePolicy;
import dev.weft.solver.QueryLimits;
import dev.weft.solver.SolverKind;
import dev.weft.trace.BugKind;
import dev.weft.trace.IncompleteReason;
import dev.weft.trace.MemoryModel;
import dev.weft.trace.RunResult;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

class McrStrategyTest {

    /** One exploration's results: the outcomes reached and every run's read signature, in run order. */
    private record Exploration(ExplorationResult result, Set<String> outcomes, List<ReadSignature> signatures,
                               McrStrategy mcr) {
        long distinctSignatures() {
            return new HashSet<>(signatures).size();
        }

        /**
         * No run repeated an earlier run's read values, but where a seed asked without its trace's fixed prefix made
         * one of the two (the price of the states only such seeds reach, see CausalModel).
         */
        void assertNoRepeatBeyondLeftPrefixes() {
            assertTrue(signatures.size() - distinctSignatures() <= mcr.repeatsOfLeftPrefixes(),
                    () -> "a run repeated an earlier one: " + signatures);
        }
    }

    /** Records what each run of the wrapped strategy reached (replays of bugs made by the explorer are not runs of the strategy). */
    private static final class Recording implements Strategy {
        final Strategy inner;
        final Set<String> outcomes = new HashSet<>();
        final List<ReadSignature> signatures = new ArrayList<>();

        Recording(Strategy inner) {
            this.inner = inner;
        }

        public String name() {
            return inner.name();
        }

        public SchedulePolicy nextRun() {
            return inner.nextRun();
        }

        public void runFinished(RunResult result) {
            outcomes.add(outcome(result));
            signatures.add(ReadSignature.of(result.trace()));
            inner.runFinished(result);
        }

        public List<IncompleteReason> incompleteReasons() {
            return inner.incompleteReasons();
        }
    }

    private static String outcome(RunResult result) {
        assertFalse(result.status() == RunResult.Status.DIVERGED, () -> "run diverged: " + result.detail());
        String bug = result.bug() == null ? "ok" : result.bug().kind().jsonName();
        return bug + " " + new TreeMap<>(result.finalState());
    }

    private static Exploration explore(Program program, MemoryModel model, Strategy strategy, boolean allBugs) {
        Recording recording = new Recording(strategy);
        ExplorationResult result = new Explorer(program.runner(model), recording, new ExplorationLimits(0, null, allBugs), null).explore();
        return new Exploration(result, recording.outcomes, recording.signatures,
                strategy instanceof McrStrategy mcr ? mcr : null);
    }

    private static Exploration mcr(Program program, MemoryModel model, boolean allBugs) {
        return mcr(program, model, allBugs, SolverKind.Z3);
    }

    private static Exploration mcr(Program program, MemoryModel model, boolean allBugs, SolverKind solver) {
        return explore(program, model, new McrStrategy(solver, model, QueryLimits.NONE), allBugs);
    }

    private static Exploration dfs(Program program, MemoryModel model) {
        return explore(program, model, new DfsStrategy(), true);
    }

    @ParameterizedTest
    @EnumSource(SolverKind.class)
    void storeBufferingTakesThreeRunsUnderScAndIsNoBug(SolverKind solver) {
        Exploration sc = mcr(ToyPrograms.storeBuffering(), MemoryModel.SC, false, solver);
        assertEquals(3, sc.result().executions());
        assertEquals(Verdict.OK, sc.result().verdict());
        assertTrue(sc.result().complete());
        assertEquals(3, sc.distinctSignatures());
    }

    @ParameterizedTest
    @EnumSource(value = MemoryModel.class, names = {"TSO", "PSO"})
    void storeBufferingReachesBothZeroUnderRelaxedModels(MemoryModel model) {
        Exploration relaxed = mcr(ToyPrograms.storeBuffering(), model, false);
        assertEquals(Verdict.BUG, relaxed.result().verdict());
    }

    @ParameterizedTest
    @EnumSource(value = MemoryModel.class, names = {"SC", "TSO", "PSO"})
    void messagePassingFailsOnlyUnderPso(MemoryModel model) {
        Exploration run = mcr(ToyPrograms.messagePassing(), model, false);
        assertEquals(model == MemoryModel.PSO ? Verdict.BUG : Verdict.OK, run.result().verdict());
    }

    @ParameterizedTest
    @EnumSource(SolverKind.class)
    void lostUpdateIsFoundWithinTwoRuns(SolverKind solver) {
        Exploration run = mcr(ToyPrograms.lostUpdate(), MemoryModel.SC, false, solver);
        assertEquals(Verdict.BUG, run.result().verdict());
        assertTrue(run.result().executionsToFirstBug() <= 2, "took " + run.result().executionsToFirstBug());
        assertTrue(run.result().bugs().get(0).replayed());
    }

    @Test
    void lockOrderInversionDeadlocksWithinTwoRuns() {
        Exploration run = mcr(ToyPrograms.lockOrderInversion(), MemoryModel.SC, false);
        assertEquals(Verdict.BUG, run.result().verdict());
        assertEquals(BugKind.DEADLOCK, run.result().bugs().get(0).bug().kind());
        assertTrue(run.result().executionsToFirstBug() <= 2, "took " + run.result().executionsToFirstBug());
    }

    @Test
    void theRunTheExplorationStopsAtCostsNoModel() {
        Program alwaysBad = new Program("always-bad", ToyPrograms.lostUpdate().threads(), s -> true);
        Exploration firstBug = mcr(alwaysBad, MemoryModel.SC, false, SolverKind.ORDER);
        assertEquals(1, firstBug.result().executions());
        assertEquals(Verdict.BUG, firstBug.result().verdict());
        assertEquals(0, firstBug.mcr().queries());
        Exploration allBugs = mcr(alwaysBad, MemoryModel.SC, true, SolverKind.ORDER);
        assertTrue(allBugs.mcr().queries() > 0, "with --all-bugs the exploration goes on from the bug run");
    }

    @Test
    void longLoopsOnPrivateDataTakeOneRunAndNoQuery() {
        // 2 × 500 read-increment steps: every read's only possible write is its own thread's last one.
        List<List<ToyRunner.Op>> threads = new ArrayList<>();
        for (String own : List.of("a", "b")) {
            threads.add(List.of(ToyRunner.Op.read(own), ToyRunner.Op.write(own, r -> r.getOrDefault(own, 0L) + 1),
                    ToyRunner.Op.set("i", r -> r.getOrDefault("i", 0L) + 1), ToyRunner.Op.jumpIf(r -> r.get("i") < 500, 0)));
        }
        Exploration run = mcr(new Program("private-loops", threads, s -> false), MemoryModel.SC, false, SolverKind.ORDER);
        assertEquals(1, run.result().executions());
        assertTrue(run.result().complete());
        assertEquals(0, run.mcr().queries());
    }

    /** Two threads, each {@code rounds} times: lock m, read c, write c + 1, unlock m. */
    private static Program lockedLoop(int rounds) {
        List<ToyRunner.Op> round = List.of(ToyRunner.Op.lock("m"), ToyRunner.Op.read("c"),
                ToyRunner.Op.write("c", r -> r.getOrDefault("c", 0L) + 1), ToyRunner.Op.unlock("m"),
                ToyRunner.Op.set("i", r -> r.getOrDefault("i", 0L) + 1), ToyRunner.Op.jumpIf(r -> r.get("i") < rounds, 0));
        return new Program("locked-loop-" + rounds, List.of(round, round), s -> false);
    }

    private static McrStrategy lazyMcr(MemoryModel model) {
        return new McrStrategy(SolverKind.ORDER::create, model, QueryLimits.NONE, 0);
    }

    @Test
    void aModelAboveTheSizeLimitIsExploredLazilyAndStopsOnlyAtTheUsersLimit() {
        Program program = lockedLoop(40);
        ExplorationResult result = new Explorer(program.runner(MemoryModel.SC), lazyMcr(MemoryModel.SC),
                new ExplorationLimits(12, null, false), null).explore();
        assertEquals(12, result.executions());
        assertEquals(Verdict.INCOMPLETE, result.verdict());
        assertFalse(result.complete());
    }

    @Test
    void aLazilyBuiltModelCompletesWithEveryInterleavingOfTheLockedRounds() {
        Exploration lazy = explore(lockedLoop(3), MemoryModel.SC, lazyMcr(MemoryModel.SC), true);
        Exploration dfs = dfs(lockedLoop(3), MemoryModel.SC);
        assertTrue(lazy.result().complete());
        assertEquals(new TreeSet<>(dfs.outcomes()), new TreeSet<>(lazy.outcomes()));
        // The order of six holdings, three per thread: C(6, 3) read-value combinations, none repeated.
        assertEquals(20, lazy.distinctSignatures());
        assertEquals(lazy.signatures().size(), lazy.distinctSignatures());
    }

    static Stream<Arguments> everyProgramUnderItsModels() {
        return Stream.concat(programs().map(p -> Arguments.of(p, MemoryModel.SC)), relaxedPrograms());
    }

    /** Refinement adds what an answer breaks, and the query filter drops only impossible values: nothing is lost. */
    @ParameterizedTest
    @MethodSource("everyProgramUnderItsModels")
    void lazilyBuiltModelsReachTheSameOutcomesAsDfs(Program program, MemoryModel model) {
        Exploration lazy = explore(program, model, lazyMcr(model), true);
        Exploration dfs = dfs(program, model);
        assertEquals(new TreeSet<>(dfs.outcomes()), new TreeSet<>(lazy.outcomes()));
        assertTrue(lazy.result().complete());
    }

    @Test
    void solvingStopsAtTheDeadlineAndLeavesTheExplorationIncomplete() {
        McrStrategy mcr = new McrStrategy(SolverKind.ORDER, MemoryModel.SC, QueryLimits.NONE);
        Deadline passed = Deadline.after(null);
        mcr.stopWorkingAt(passed);
        Recording recording = new Recording(mcr);
        Program program = ToyPrograms.lostUpdate();
        // The deadline passes during the first run, as a time limit would, so seed generation stops.
        ExplorationResult result = new Explorer(policy -> {
            RunResult run = program.runner(MemoryModel.SC).run(policy);
            passed.cancel();
            return run;
        }, recording, new ExplorationLimits(0, null, false), null, Deadline.after(null)).explore();
        assertEquals(1, result.executions());
        assertEquals(0, mcr.queries());
        assertEquals(Verdict.INCOMPLETE, result.verdict());
        assertEquals(List.of("solving-stopped"), result.incompleteReasons().stream().map(IncompleteReason::kind).toList());
    }

    @ParameterizedTest
    @EnumSource(SolverKind.class)
    void slidesExampleReachesItsError(SolverKind solver) {
        Exploration run = mcr(ToyPrograms.slidesExample(), MemoryModel.SC, false, solver);
        assertEquals(Verdict.BUG, run.result().verdict());
        assertEquals(BugKind.ASSERTION, run.result().bugs().get(0).bug().kind());
        System.out.println("slides example: error after " + run.result().executions() + " runs");
    }

    static Stream<Arguments> mutualExclusionPrograms() {
        return Stream.of(ToyPrograms.dekkerEntry(), ToyPrograms.peterson())
                .flatMap(p -> Stream.of(MemoryModel.SC, MemoryModel.TSO, MemoryModel.PSO).map(m -> Arguments.of(p, m)));
    }

    @ParameterizedTest
    @MethodSource("mutualExclusionPrograms")
    void mutualExclusionOnPlainFieldsHoldsOnlyUnderSc(Program program, MemoryModel model) {
        Exploration run = mcr(program, model, false);
        assertEquals(model == MemoryModel.SC ? Verdict.OK : Verdict.BUG, run.result().verdict());
        assertTrue(run.result().complete() || run.result().verdict() == Verdict.BUG);
        run.assertNoRepeatBeyondLeftPrefixes();
    }

    static Stream<Program> programs() {
        return Stream.of(ToyPrograms.storeBuffering(), ToyPrograms.messagePassing(), ToyPrograms.lostUpdate(),
                ToyPrograms.lockedCounter(), ToyPrograms.lockOrderInversion(), ToyPrograms.guardedWait(),
                ToyPrograms.missedNotify(), ToyPrograms.forkJoin(), ToyPrograms.spinHandoff(),
                ToyPrograms.threeThreadReads(), ToyPrograms.loopIncrement(), ToyPrograms.dekkerEntry(),
                ToyPrograms.twoPlusTwoWrites(), ToyPrograms.peterson(), ToyPrograms.notifyWakesAnyWaiter());
    }

    @ParameterizedTest
    @MethodSource("programs")
    void reachesTheSameOutcomesAsDfsUnderScWithoutRedundantRuns(Program program) {
        Exploration mcr = mcr(program, MemoryModel.SC, true);
        Exploration dfs = dfs(program, MemoryModel.SC);
        assertEquals(new TreeSet<>(dfs.outcomes()), new TreeSet<>(mcr.outcomes()));
        assertTrue(mcr.result().complete());
        mcr.assertNoRepeatBeyondLeftPrefixes();
        assertEquals(0, mcr.mcr().seedsMissed());
        assertTrue(mcr.result().executions() <= dfs.result().executions());
        System.out.printf("%s SC: mcr %d runs (%d outcomes), dfs %d runs%n", program, mcr.result().executions(),
                mcr.outcomes().size(), dfs.result().executions());
    }

    static Stream<Arguments> relaxedPrograms() {
        List<Program> programs = List.of(ToyPrograms.storeBuffering(), ToyPrograms.storeBufferingForwarding(),
                ToyPrograms.storeBufferingFenced(dev.weft.trace.FenceKind.FULL),
                ToyPrograms.storeBufferingFenced(dev.weft.trace.FenceKind.STORE_STORE),
                ToyPrograms.messagePassing(), ToyPrograms.messagePassingFenced(), ToyPrograms.twoPlusTwoWrites(),
                ToyPrograms.lostUpdate(), ToyPrograms.spinHandoff(), ToyPrograms.lockedCounter(),
                ToyPrograms.guardedWait(), ToyPrograms.forkJoin());
        return Stream.of(MemoryModel.TSO, MemoryModel.PSO).flatMap(m -> programs.stream().map(p -> Arguments.of(p, m)));
    }

    @ParameterizedTest
    @MethodSource("relaxedPrograms")
    void reachesTheSameOutcomesAsDfsUnderRelaxedModelsWithoutRedundantRuns(Program program, MemoryModel model) {
        Exploration mcr = mcr(program, model, true);
        Exploration dfs = dfs(program, model);
        assertEquals(new TreeSet<>(dfs.outcomes()), new TreeSet<>(mcr.outcomes()));
        assertTrue(mcr.result().complete());
        mcr.assertNoRepeatBeyondLeftPrefixes();
        assertEquals(0, mcr.mcr().seedsMissed());
        System.out.printf("%s %s: mcr %d runs (%d distinct read signatures, %d outcomes), dfs %d runs%n", program, model,
                mcr.result().executions(), mcr.distinctSignatures(), mcr.outcomes().size(), dfs.result().executions());
    }
}
