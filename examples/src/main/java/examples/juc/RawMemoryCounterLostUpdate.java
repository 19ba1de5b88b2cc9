package examples.juc;

import examples.jdk.TwoThreads;

/**
 * A counter off the heap: sun.misc.Unsafe's allocateMemory gives it eight bytes, and two threads each increment it by
 * a getLong then a putLong at its address. Both may read 0 before either writes: an increment is lost.
 */
@SuppressWarnings("removal")
public class RawMemoryCounterLostUpdate {
    public static void main(String[] args) throws InterruptedException {
        long counter = UnsafeParkHandoff.UNSAFE.allocateMemory(8);
        UnsafeParkHandoff.UNSAFE.putLong(counter, 0L);
        Runnable increment = () -> UnsafeParkHandoff.UNSAFE.putLong(counter, UnsafeParkHandoff.UNSAFE.getLong(counter) + 1);
        TwoThreads.run(increment, increment);
        long total = UnsafeParkHandoff.UNSAFE.getLong(counter);
        UnsafeParkHandoff.UNSAFE.freeMemory(counter);
        if (total != 2) {
            throw new AssertionError("an increment was lost: " + total);
        }
    }
}
