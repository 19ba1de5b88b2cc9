package examples.litmus;

/**
 * Store buffering: x=1; r0=y || y=1; r1=x. Forbidden r0=r1=0: allowed under TSO and PSO, not SC.
 */
public class SB {
    static int x, y, r0, r1;

    public static void main(String[] args) throws InterruptedException {
        Litmus.runConcurrently(
                () -> { x = 1; r0 = y; },
                () -> { y = 1; r1 = x; });
        Litmus.forbid(r0 == 0 && r1 == 0, "r0=0, r1=0");
    }
}
