package dev.weft.trace;

/**
 * One step of a schedule: either thread {@code thread} performs its next operation
 * ({@code flush == null}), or the oldest buffered write of {@code thread} to {@code flush} becomes
 * visible to other threads (TSO/PSO; under TSO that is always the head of the thread's buffer).
 */
public record Choice(int thread, Address flush) {

    public static Choice step(int thread) {
        return new Choice(thread, null);
    }

    public static Choice flush(int thread, Address address) {
        return new Choice(thread, address);
    }

    public boolean isFlush() {
        return flush != null;
    }
}
