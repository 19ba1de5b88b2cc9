package dev.weft.explore;

import dev.weft.solver.Limits;
import dev.weft.solver.SolverKind;
import dev.weft.trace.MemoryModel;

/** Builds a strategy from its name ({@code mcr} or a {@link StrategyKind}) and the user's options; shared by the command line and the JUnit extension. */
public final class Strategies {
    /** Per-query limit for MCR's solver: a query that hits it makes the exploration incomplete, never wrong. */
    private static final Limits MCR_QUERY_LIMITS = new Limits(60_000, 0);

    private Strategies() {
    }

    /**
     * @param maxExecutions the user's run limit, or null
     * @throws IllegalArgumentException for an unknown name, naming the known ones
     */
    public static Strategy create(String name, MemoryModel model, SolverKind solver, long seed, Long maxExecutions,
                                  int preemptionBound, int depth) {
        if (name.equals("mcr")) {
            return new McrStrategy(solver, model, MCR_QUERY_LIMITS);
        }
        long runs = maxExecutions != null ? maxExecutions : StrategyOptions.DEFAULT_RUNS;
        try {
            return StrategyKind.byName(name).create(new StrategyOptions(model, seed, preemptionBound, depth, runs));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("unknown strategy '" + name + "'; expected one of mcr, dpor, icb, pct, random, dfs", e);
        }
    }
}
