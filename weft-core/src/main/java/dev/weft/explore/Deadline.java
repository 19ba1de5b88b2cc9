package dev.weft.explore;

import dev.weft.explore.ExplorationResult.Stop;
import dev.weft.solver.QueryLimits;
import dev.weft.trace.IncompleteReason;
import java.time.Duration;
import java.util.function.BooleanSupplier;

/**
 * When an exploration must stop before its strategy runs out of runs: its time limit has passed, or
 * it was cancelled from outside (Ctrl-C, a termination signal). Everything that can work for long
 * asks it: the explorer between runs, a run in progress, the strategy's solving between runs, every
 * solver query ({@link #bound}), race prediction and its witness runs. Safe from any thread; as a
 * {@link BooleanSupplier} it answers {@link #passed()}, so layers below {@code explore} take it as one.
 */
public final class Deadline implements BooleanSupplier {
    private final Duration limit;
    private final long endNanos;
    private volatile boolean cancelled;

    private Deadline(Duration limit) {
        this.limit = limit;
        this.endNanos = limit == null ? 0 : System.nanoTime() + nanos(limit);
    }

    /** The limit in nanoseconds; beyond what a {@code long} holds (three centuries), as good as none. */
    private static long nanos(Duration limit) {
        try {
            return limit.toNanos();
        } catch (ArithmeticException beyondCenturies) {
            return Long.MAX_VALUE / 2;
        }
    }

    /** A deadline {@code limit} from now; none when {@code limit} is null (it can still be cancelled). */
    public static Deadline after(Duration limit) {
        return new Deadline(limit);
    }

    /** Stops everything that asks this deadline, from any thread. */
    public void cancel() {
        cancelled = true;
    }

    public boolean passed() {
        return cancelled || limit != null && System.nanoTime() - endNanos >= 0;
    }

    @Override
    public boolean getAsBoolean() {
        return passed();
    }

    /** Why the exploration must stop now ({@link Stop#CANCELLED} or {@link Stop#TIME_LIMIT}), or null while it need not. */
    public Stop stop() {
        if (cancelled) {
            return Stop.CANCELLED;
        }
        return passed() ? Stop.TIME_LIMIT : null;
    }

    /** The reason an exploration stopped by this deadline is incomplete. */
    IncompleteReason reason() {
        return stop() == Stop.CANCELLED
                ? IncompleteReason.of("cancelled", "the exploration was stopped from outside (an interrupt or a termination signal)")
                : IncompleteReason.of("time-limit", "the exploration stopped at its time limit of " + DurationText.format(limit));
    }

    /** {@code query}'s limits, shortened to the time left and stopped when this deadline passes. */
    public QueryLimits bound(QueryLimits query) {
        long millis = query.millis();
        if (limit != null) {
            long left = Math.max(1, (endNanos - System.nanoTime()) / 1_000_000);
            millis = millis > 0 ? Math.min(millis, left) : left;
        }
        BooleanSupplier own = query.stop();
        return new QueryLimits(millis, query.steps(), () -> passed() || own.getAsBoolean());
    }
}
