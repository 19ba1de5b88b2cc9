package dev.weft.runtime;

/**
 * A little memory the checker sets aside and lets go when the heap runs out, so that the code that
 * reports the OutOfMemoryError (a program's, as its bug; the checker's, as Weft's failure) has room
 * to run. Held again after each run, when the run's objects have become garbage.
 */
public final class MemoryReserve {
    private static final int BYTES = 16 << 20;
    private static volatile byte[] reserve;

    private MemoryReserve() {
    }

    /** Sets the reserve aside, unless it is already, or the heap has no room for it yet. */
    public static void hold() {
        if (reserve == null) {
            try {
                reserve = new byte[BYTES];
            } catch (OutOfMemoryError stillFull) {
                // The next run, or the next exploration, tries again.
            }
        }
    }

    /** Lets go of the reserve. */
    public static void release() {
        reserve = null;
    }
}
