package dev.weft.cli;

import dev.weft.explore.Strategy;
import dev.weft.explore.StrategyKind;
import dev.weft.explore.StrategyOptions;
import dev.weft.solver.Limits;
import dev.weft.solver.SolverKind;
import dev.weft.trace.MemoryModel;

/** Maps the {@code --strategy} name and its options to a strategy, with usage errors as bad input. */
final class Strategies {
    /** Per-query limit for MCR's solver: a query that hits it makes the exploration incomplete, never wrong. */
    private static final Limits MCR_QUERY_LIMITS = new Limits(60_000, 0);

    private Strategies() {
    }

    /** @param maxExecutions the user's run limit, or null */
    static Strategy create(String name, MemoryModel model, String solver, long seed, Long maxExecutions, int preemptionBound, int depth) {
        try {
            StrategyKind kind = StrategyKind.byName(name);
            long runs = maxExecutions != null ? maxExecutions : StrategyOptions.DEFAULT_RUNS;
            return kind.create(new StrategyOptions(model, seed, preemptionBound, depth, runs, SolverKind.parse(solver), MCR_QUERY_LIMITS));
        } catch (IllegalArgumentException e) {
            throw new BadInputException(e.getMessage());
        }
    }
}
