package dev.weft.cli;

import dev.weft.explore.Strategy;
import dev.weft.solver.SolverKind;
import dev.weft.trace.MemoryModel;

/** Maps the {@code --strategy} name and its options to a strategy; a bad name or solver is bad input. */
final class Strategies {
    private Strategies() {
    }

    /** @param maxExecutions the user's run limit, or null */
    static Strategy create(String name, MemoryModel model, String solver, long seed, Long maxExecutions, int preemptionBound, int depth) {
        try {
            return dev.weft.explore.Strategies.create(name, model, SolverKind.parse(solver), seed, maxExecutions, preemptionBound, depth);
        } catch (IllegalArgumentException e) {
            throw new BadInputException(e.getMessage());
        }
    }
}
