package examples.litmus;

/**
 * Load buffering: r0=x; y=1 || r1=y; x=1. Forbidden r0=r1=1: no model here lets a write overtake
 * an earlier read.
 */
public class LB {
    static int x, y, r0, r1;

    public static void main(String[] args) throws InterruptedException {
        Litmus.runConcurrently(
                () -> { r0 = x; y = 1; },
                () -> { r1 = y; x = 1; });
        Litmus.forbid(r0 == 1 && r1 == 1, "r0=1, r1=1");
    }
}
