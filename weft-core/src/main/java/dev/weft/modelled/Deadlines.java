package dev.weft.modelled;

import java.util.concurrent.TimeUnit;

/** Timed waits of the models, measured on the run's logical clock ({@code System.nanoTime} is made stable in instrumented code). */
final class Deadlines {
    private Deadlines() {
    }

    /** The {@code System.nanoTime} value {@code timeout} from now, saturated instead of overflowing. */
    static long after(long timeout, TimeUnit unit) {
        long nanos = unit.toNanos(timeout);
        long now = System.nanoTime();
        return nanos > Long.MAX_VALUE - now ? Long.MAX_VALUE : now + nanos;
    }

    /**
     * Waits on {@code monitor}, which the caller holds, until notified or until {@code deadline};
     * false, without waiting, once the deadline has passed. Weft lets every timed wait time out in
     * some run, as a slow machine would.
     */
    static boolean waitUntil(Object monitor, long deadline) throws InterruptedException {
        long left = deadline - System.nanoTime();
        if (left <= 0) {
            return false;
        }
        monitor.wait(left / 1_000_000, (int) (left % 1_000_000));
        return true;
    }
}
