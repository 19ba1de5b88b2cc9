package dev.weft.solver;

import java.util.List;

/**
 * Decides ordering constraints: is there a total order of the events that satisfies the base
 * constraints and the query's assumptions? Used incrementally: one instance per trace, base
 * constraints (must-happen-before, locks) added once, then one {@link #check} per seed query.
 * Not thread-safe; one instance per worker thread. Always {@link #close()}d (Z3 holds native memory).
 */
public interface OrderSolver extends AutoCloseable {

    /** Asserts a constraint for every later check. */
    void add(Formula constraint);

    /**
     * Is {@code base ∧ assumptions} satisfiable? The assumptions hold for this call only. Hitting
     * {@code limits} yields {@link Answer.Status#UNKNOWN}, never UNSAT.
     */
    Answer check(List<Formula> assumptions, QueryLimits limits);

    /** Seconds spent inside {@link #check} so far. */
    double seconds();

    @Override
    void close();
}
