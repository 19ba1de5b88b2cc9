package examples.litmus;

/**
 * SB on volatile locations: each volatile write is followed by a full fence (a StoreLoad barrier)
 * before its thread's volatile read, so r0=r1=0 is forbidden under every model.
 */
public class SBVolatile {
    static volatile int x, y;
    static int r0, r1;

    public static void main(String[] args) throws InterruptedException {
        Litmus.runConcurrently(
                () -> { x = 1; r0 = y; },
                () -> { y = 1; r1 = x; });
        Litmus.forbid(r0 == 0 && r1 == 0, "r0=0, r1=0");
    }
}
