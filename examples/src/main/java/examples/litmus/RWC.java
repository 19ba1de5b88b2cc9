package examples.litmus;

/**
 * Read-to-write causality: x=1 || r0=x; r1=y || y=1; r2=x. Forbidden r0=1, r1=0, r2=0: allowed
 * under TSO and PSO.
 */
public class RWC {
    static int x, y, r0, r1, r2;

    public static void main(String[] args) throws InterruptedException {
        Litmus.runConcurrently(
                () -> x = 1,
                () -> { r0 = x; r1 = y; },
                () -> { y = 1; r2 = x; });
        Litmus.forbid(r0 == 1 && r1 == 0 && r2 == 0, "r0=1, r1=0, r2=0");
    }
}
