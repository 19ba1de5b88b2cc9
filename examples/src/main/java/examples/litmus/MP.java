package examples.litmus;

/**
 * Message passing: x=1; y=1 || r0=y; r1=x. Forbidden r0=1, r1=0: allowed only under PSO (writes to
 * different addresses reorder).
 */
public class MP {
    static int x, y, r0, r1;

    public static void main(String[] args) throws InterruptedException {
        Litmus.runConcurrently(
                () -> { x = 1; y = 1; },
                () -> { r0 = y; r1 = x; });
        Litmus.forbid(r0 == 1 && r1 == 0, "r0=1, r1=0");
    }
}
