package examples.litmus;

/**
 * SB with only x volatile: x=1(volatile); r0=y || y=1; r1=x(volatile). The mirror of
 * {@link SBVolatileY}: y=1 can still be buffered when both reads happen, so r0=r1=0 is allowed
 * under TSO and PSO.
 */
public class SBVolatileX {
    static volatile int x;
    static int y, r0, r1;

    public static void main(String[] args) throws InterruptedException {
        Litmus.runConcurrently(
                () -> { x = 1; r0 = y; },
                () -> { y = 1; r1 = x; });
        Litmus.forbid(r0 == 0 && r1 == 0, "r0=0, r1=0");
    }
}
