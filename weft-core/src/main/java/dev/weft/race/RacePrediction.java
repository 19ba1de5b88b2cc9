package dev.weft.race;

import dev.weft.solver.QueryLimits;
import dev.weft.solver.SolverKind;
import dev.weft.trace.MemoryModel;

/**
 * How {@link RaceCollector} predicts races from each run's causal model ({@code --race-queries}).
 *
 * @param memoryModel     the model the runs were made under
 * @param solver          the solver asked
 * @param limits          limits of each query (one that hits them is counted, not taken for a race or its absence)
 * @param queriesPerTrace at most this many queries per run
 */
public record RacePrediction(MemoryModel memoryModel, SolverKind solver, QueryLimits limits, int queriesPerTrace) {
    public static final int DEFAULT_QUERIES_PER_TRACE = 200;
}
