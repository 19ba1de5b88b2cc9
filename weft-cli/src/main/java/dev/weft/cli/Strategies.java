package dev.weft.cli;

import dev.weft.explore.Strategy;
import dev.weft.race.RacePrediction;
import dev.weft.explore.StrategyKind;
import dev.weft.explore.StrategyOptions;
import dev.weft.solver.QueryLimits;
import dev.weft.solver.SolverKind;
import dev.weft.trace.MemoryModel;

/** Maps the {@code --strategy} name and its options to a strategy, with usage errors as bad input. */
final class Strategies {
    /** Per-query limit for MCR's solver: a query that hits it makes the exploration incomplete, never wrong. */
    private static final QueryLimits MCR_QUERY_LIMITS = new QueryLimits(60_000, 0);

    private Strategies() {
    }

    /**
     * How races are predicted: only with a strategy that has a causal model (mcr), {@code queries}
     * per run or {@link RacePrediction#DEFAULT_QUERIES_PER_TRACE} when not given; null when not at all.
     */
    static RacePrediction racePrediction(String name, Integer queries, MemoryModel model, String solver) {
        try {
            boolean causal = StrategyKind.byName(name).hasCausalModel();
            if (queries != null && queries < 0) {
                throw new BadInputException("--race-queries must be at least 0");
            }
            if (queries != null && queries > 0 && !causal) {
                throw new BadInputException("--race-queries needs --strategy mcr: races are predicted from MCR's causal model");
            }
            int perTrace = queries != null ? queries : RacePrediction.DEFAULT_QUERIES_PER_TRACE;
            return causal && perTrace > 0 ? new RacePrediction(model, SolverKind.parse(solver), MCR_QUERY_LIMITS, perTrace) : null;
        } catch (IllegalArgumentException e) {
            throw new BadInputException(e.getMessage());
        }
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
