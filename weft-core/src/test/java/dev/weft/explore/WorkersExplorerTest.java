package dev.weft.explore;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.weft.explore.ExplorationResult.Stop;
import dev.weft.explore.ExplorationResult.Verdict;
import dev.weft.explore.ToyRunner.Op;
import dev.weft.runtime.ProgramRunner;
import dev.weft.trace.IncompleteReason;
import dev.weft.trace.MemoryModel;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;

/** The explorer on several workers: the limits and the first bug hold for all of them, and shares add up to the whole. */
class WorkersExplorerTest {
    private static final int WORKERS = 3;
    private static final List<List<Op>> THREE_WRITERS = List.of(
            List.of(Op.write("x", 1), Op.read("y")), List.of(Op.write("y", 2), Op.read("x")), List.of(Op.write("x", 3), Op.write("y", 3)));
    private static final List<List<Op>> LOST_UPDATE = List.of(
            List.of(Op.read("c"), Op.write("c", 1)), List.of(Op.read("c"), Op.write("c", 1)));
    private static final Predicate<Map<String, Long>> BOTH_READ_ZERO =
            s -> s.getOrDefault("r0.c", 0L) == 0 && s.getOrDefault("r1.c", 0L) == 0;

    /** The toy runner keeps name tables of its own: its runs are made one at a time, while the workers split and record concurrently. */
    private static ProgramRunner oneAtATime(ToyRunner toy) {
        return policy -> {
            synchronized (toy) {
                return toy.run(policy);
            }
        };
    }

    private static ExplorationResult explore(ToyRunner toy, Strategy strategy, ExplorationLimits limits, int workers) {
        return new Explorer(oneAtATime(toy), strategy, limits, null, Deadline.after(null), workers).explore();
    }

    @Test
    void sharesOfAnExhaustiveStrategyMakeItsRunsExactlyOnce() {
        ExplorationResult one = explore(new ToyRunner(THREE_WRITERS, s -> false), new DfsStrategy(), ExplorationLimits.NONE, 1);
        ExplorationResult several = explore(new ToyRunner(THREE_WRITERS, s -> false), new DfsStrategy(), ExplorationLimits.NONE, WORKERS);
        assertEquals(Verdict.OK, several.verdict());
        assertEquals(one.executions(), several.executions());
        assertEquals(WORKERS, several.workers());
    }

    @Test
    void theRunLimitHoldsForAllWorkersTogether() {
        ExplorationResult result = explore(new ToyRunner(THREE_WRITERS, s -> false), new DfsStrategy(),
                new ExplorationLimits(7, null, false), WORKERS);
        assertEquals(Stop.MAX_EXECUTIONS, result.stop());
        assertEquals(7, result.executions());
    }

    @Test
    void theFirstBugStopsEveryWorkerAndIsReportedAlone() {
        ExplorationResult result = explore(new ToyRunner(LOST_UPDATE, BOTH_READ_ZERO), new DfsStrategy(), ExplorationLimits.NONE, WORKERS);
        assertEquals(Verdict.BUG, result.verdict());
        assertEquals(Stop.BUG_FOUND, result.stop());
        assertEquals(1, result.bugs().size());
        assertTrue(result.bugs().get(0).replayed());
    }

    @Test
    void aSamplingStrategyGivesItsReasonOnceWhateverTheShares() {
        ExplorationResult result = explore(new ToyRunner(THREE_WRITERS, s -> false), new RandomStrategy(3, 40), ExplorationLimits.NONE, WORKERS);
        assertEquals(40, result.executions());
        assertEquals(List.of(IncompleteReason.of("sampling", "random picks runs at random: it never proves that every behaviour was covered")),
                result.incompleteReasons());
    }

    @Test
    void aPortfolioIsCompleteWhenItsSystematicStrategyIsAndTheSamplerTakesTurns() {
        ToyRunner toy = new ToyRunner(THREE_WRITERS, s -> false);
        ExplorationResult alone = explore(toy, new DporStrategy(MemoryModel.SC), ExplorationLimits.NONE, 1);
        ExplorationResult portfolio = explore(toy, new PortfolioStrategy(new DporStrategy(MemoryModel.SC),
                new PctStrategy(MemoryModel.SC, 1, 3, 0)), ExplorationLimits.NONE, 1);
        assertEquals(Verdict.OK, portfolio.verdict());
        assertTrue(portfolio.complete(), () -> portfolio.incompleteReasons().toString());
        // One pct run after each of dpor's; the exploration ends when dpor has none left.
        assertEquals(2 * alone.executions(), portfolio.executions());
    }

    @Test
    void aFailingWorkerMakesTheExplorationAnErrorNeverOk() {
        ToyRunner toy = new ToyRunner(THREE_WRITERS, s -> false);
        int[] runs = {0};
        ProgramRunner failing = policy -> {
            synchronized (toy) {
                if (++runs[0] == 4) {
                    throw new IllegalStateException("broken");
                }
                return toy.run(policy);
            }
        };
        ExplorationResult result = new Explorer(failing, new DfsStrategy(), ExplorationLimits.NONE, null, Deadline.after(null), WORKERS)
                .explore();
        assertEquals(Verdict.ERROR, result.verdict());
        assertTrue(result.error().contains("broken"), result.error());
    }
}
