package dev.weft.solver;

/**
 * Per-query limits. A query that reaches one answers UNKNOWN.
 *
 * @param millis time limit in milliseconds (0 = none)
 * @param steps  solver-specific step limit (conflicts for the order solver; 0 = none)
 */
public record Limits(long millis, long steps) {
    public static final Limits NONE = new Limits(0, 0);
}
