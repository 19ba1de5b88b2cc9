package dev.weft.explore;

import dev.weft.solver.QueryLimits;
import dev.weft.solver.SolverKind;
import dev.weft.trace.MemoryModel;

/**
 * The command-line options strategies are built from.
 *
 * @param memoryModel     {@code --memory-model}
 * @param seed            {@code --seed}, for random and pct
 * @param preemptionBound {@code --preemption-bound}, for icb
 * @param depth           {@code --depth}, the bug depth pct targets
 * @param runs            runs random and pct make on their own (0: pct stops only at the exploration's limits)
 * @param solver          the solver mcr asks for new schedules
 * @param queryLimits     limits of each of mcr's solver queries
 */
public record StrategyOptions(MemoryModel memoryModel, long seed, int preemptionBound, int depth, long runs,
                              SolverKind solver, QueryLimits queryLimits) {
    public static final int DEFAULT_PREEMPTION_BOUND = 2;
    public static final int DEFAULT_DEPTH = 3;
    public static final long DEFAULT_RUNS = 1000;
    /** Each of mcr's solver queries (and race prediction's) at most a minute: one that hits it makes the exploration incomplete, never wrong. */
    public static final QueryLimits DEFAULT_QUERY_LIMITS = new QueryLimits(60_000, 0);

    public static StrategyOptions defaults(MemoryModel memoryModel) {
        return new StrategyOptions(memoryModel, 0, DEFAULT_PREEMPTION_BOUND, DEFAULT_DEPTH, DEFAULT_RUNS, SolverKind.ORDER,
                QueryLimits.NONE);
    }
}
