package examples.litmus;

/**
 * SB with only y volatile: x=1; r0=y(volatile) || y=1(volatile); r1=x. The volatile write is
 * followed by a full fence, but the volatile read is a plain load that does not wait for x=1 to
 * leave its thread's store buffer, so r0=r1=0 is allowed under TSO and PSO.
 */
public class SBVolatileY {
    static int x, r0, r1;
    static volatile int y;

    public static void main(String[] args) throws InterruptedException {
        Litmus.runConcurrently(
                () -> { x = 1; r0 = y; },
                () -> { y = 1; r1 = x; });
        Litmus.forbid(r0 == 0 && r1 == 0, "r0=0, r1=0");
    }
}
