package dev.weft.solver;

import dev.weft.runtime.symbolic.Expr;
import java.util.List;

/**
 * A path prefix's Maximal Path Causality constraints over one trace (Yi and Huang, ESEC/FSE 2018,
 * §3.2: Φ_pc ∧ Φ_sync ∧ Φ_dc), for {@link PathConditionSolver#solve(PathQuery)}. Events are the
 * trace's indices. Each thread contributes a prefix of its events whose length the solver picks
 * within {@link Span#min()}..{@link Span#max()}; an event is <em>included</em> when it lies in its
 * thread's prefix, and only included events are ordered, read, write or hold locks.
 *
 * @param spans      each thread's events in program order and how many of them may be included
 * @param before     pairs {@code {a, b}}: when b is included, so is a, before b (fork before begin, end before join)
 * @param exclusions lock holdings of one lock by two threads, {@code {acquire1, release1, acquire2, release2}}
 *                   (release -1: held to the end): both included, one's release comes before the other's acquire
 * @param reads      every included read returns the value of the last included write before it (Φ_dc)
 * @param guards     branch conditions (Φ_pc)
 */
public record PathQuery(List<Span> spans, List<int[]> before, List<int[]> exclusions, List<ReadFrom> reads, List<Guard> guards) {

    public record Span(int thread, int[] events, int min, int max) {
    }

    /** {@code condition} holds once more than {@code after} of {@code thread}'s events are included (after -1: always). */
    public record Guard(int thread, int after, Expr.Condition condition) {
    }

    /** A write a read may return: its event ({@code -1}: the initial value) and the value it wrote. */
    public record Source(int write, Expr value) {
    }

    /**
     * A read: {@code value} its symbol ({@link Expr.Read}) where the shadow execution gave it one, else the
     * value it returned in the trace (it must return that again, as in MCR); {@code sources}: the writes it
     * may read, {@code writes}: every write of its address (none of them may come between).
     */
    public record ReadFrom(int event, int thread, Expr value, List<Source> sources, List<Integer> writes) {
    }
}
