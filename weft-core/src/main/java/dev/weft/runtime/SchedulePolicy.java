package dev.weft.runtime;

import dev.weft.trace.Choice;
import java.util.Map;

/**
 * Decides, at each scheduling point of one run, which enabled choice happens next. Strategies
 * (package {@code explore}) implement it; the runtime calls it with exactly one application thread
 * stopped at each of its next operations and never decides a schedule itself.
 */
public interface SchedulePolicy {

    /** The next choice; must be one of {@code point.enabled()}. */
    Choice choose(SchedulingPoint point);

    /**
     * Whether the run records what only its report needs: each JDK call it makes an event of in words,
     * with receiver, arguments and result ({@code ids.get("alice") → null}), and where each object was
     * allocated (its name when no field reaches it). That costs time at every call and allocation, so
     * only the replay of a run for its report asks for it. The run's events are the same either way.
     */
    default boolean recordsForReport() {
        return false;
    }

    /**
     * The values this run gives to program inputs, by name ({@code dev.weft.Weft.input}): a strategy
     * that explores inputs chooses them per run, a replay gives the recorded ones. An input not named
     * here takes the run configuration's value ({@link RunConfig#inputs}), else its minimum.
     */
    default Map<String, Long> inputs() {
        return Map.of();
    }
}
