package dev.weft.trace;

import java.io.Serializable;

/**
 * One step of a schedule: either thread {@code thread} performs its next operation
 * ({@code flush == null}) the way {@code outcome} says, or the oldest buffered write of
 * {@code thread} to {@code flush} becomes visible to other threads (TSO/PSO; under TSO that is
 * always the head of the thread's buffer). A step's outcome is {@link Outcome#NORMAL} except where a
 * blocking call can return in several ways ({@link Outcome}).
 */
public record Choice(int thread, Address flush, Outcome outcome) implements Serializable {

    public static Choice step(int thread) {
        return new Choice(thread, null, Outcome.NORMAL);
    }

    public static Choice step(int thread, Outcome outcome) {
        return new Choice(thread, null, outcome);
    }

    public static Choice flush(int thread, Address address) {
        return new Choice(thread, address, Outcome.NORMAL);
    }

    public boolean isFlush() {
        return flush != null;
    }

    /** A wake-up nothing asked for: strategies that pick a default run never take it, exhaustive ones explore it. */
    public boolean isSpurious() {
        return outcome == Outcome.SPURIOUS;
    }
}
