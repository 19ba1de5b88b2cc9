package dev.weft.solver;

import java.util.Objects;
import java.util.function.BooleanSupplier;

/**
 * Per-query limits. A query that reaches one answers UNKNOWN.
 *
 * @param millis time limit in milliseconds (0 = none)
 * @param steps  solver-specific step limit (conflicts for the order solver; 0 = none)
 * @param stop   the caller's stop, asked while a query runs (the exploration's time limit passed, or it was
 *               cancelled): once it holds, the query answers UNKNOWN and callers that ask query after query stop
 *               asking. The order solver asks it at every conflict; Z3 only gets {@code millis}.
 */
public record QueryLimits(long millis, long steps, BooleanSupplier stop) {
    private static final BooleanSupplier NEVER = () -> false;
    public static final QueryLimits NONE = new QueryLimits(0, 0);

    public QueryLimits {
        Objects.requireNonNull(stop, "stop");
    }

    /** QueryLimits without a stop of the caller's. */
    public QueryLimits(long millis, long steps) {
        this(millis, steps, NEVER);
    }

    /** True once the caller's stop holds. */
    public boolean stopped() {
        return stop.getAsBoolean();
    }
}
