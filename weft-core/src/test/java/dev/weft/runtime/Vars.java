package dev.weft.runtime;

/** Static fields the hand-written test programs share between their threads (reset before every run). */
final class Vars {
    static int x;
    static int y;
    static int z;
    static volatile int v;
    static volatile int w;
    static boolean flag;
    static long wide;
    static Object ref;

    private Vars() {
    }

    static void reset() {
        x = 0;
        y = 0;
        z = 0;
        v = 0;
        w = 0;
        flag = false;
        wide = 0;
        ref = null;
    }
}
