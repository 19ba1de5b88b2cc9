package examples.juc;

import examples.jdk.TwoThreads;

/**
 * The off-heap counter of {@link RawMemoryCounterLostUpdate} incremented by compareAndSwapLong at its address (a null
 * base object: the offset is the address), retried until it succeeds: no increment is lost.
 */
@SuppressWarnings("removal")
public class RawMemoryCasCounter {
    public static void main(String[] args) throws InterruptedException {
        long counter = UnsafeParkHandoff.UNSAFE.allocateMemory(8);
        UnsafeParkHandoff.UNSAFE.setMemory(counter, 8, (byte) 0);
        Runnable increment = () -> {
            long seen;
            do {
                seen = UnsafeParkHandoff.UNSAFE.getLongVolatile(null, counter);
            } while (!UnsafeParkHandoff.UNSAFE.compareAndSwapLong(null, counter, seen, seen + 1));
        };
        TwoThreads.run(increment, increment);
        long total = UnsafeParkHandoff.UNSAFE.getLongVolatile(null, counter);
        UnsafeParkHandoff.UNSAFE.freeMemory(counter);
        if (total != 2) {
            throw new AssertionError("an increment was lost: " + total);
        }
    }
}
