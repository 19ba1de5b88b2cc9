package dev.weft.causal;

import java.io.Serializable;
import java.util.Set;

/**
 * How far the threads a run's end cuts off got, as a run's seed fixes it for its descendants
 * ({@link EndOrder}): the {@code stopped} threads' progress is fixed, and of those, the
 * {@code growing} ones (the thread a cut-off step's seed moved on) may still go further.
 */
public record EndProgress(Set<Integer> stopped, Set<Integer> growing) implements Serializable {
    /** What a first run, or a seed that says nothing about the end, fixes: nothing. */
    public static final EndProgress NONE = new EndProgress(Set.of(), Set.of());

    public EndProgress {
        stopped = Set.copyOf(stopped);
        growing = Set.copyOf(growing);
    }
}
