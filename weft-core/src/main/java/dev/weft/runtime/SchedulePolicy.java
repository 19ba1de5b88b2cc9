package dev.weft.runtime;

import dev.weft.trace.Choice;

/**
 * Decides, at each scheduling point of one run, which enabled choice happens next. Strategies
 * (package {@code explore}) implement it; the runtime calls it with exactly one application thread
 * stopped at each of its next operations and never decides a schedule itself.
 */
public interface SchedulePolicy {

    /** The next choice; must be one of {@code point.enabled()}. */
    Choice choose(SchedulingPoint point);
}
