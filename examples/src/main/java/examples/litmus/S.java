package examples.litmus;

/** S: x=2; y=1 || r0=y; x=1. Forbidden r0=1 with final x=2: allowed only under PSO. */
public class S {
    static int x, y, r0;

    public static void main(String[] args) throws InterruptedException {
        Litmus.runConcurrently(
                () -> { x = 2; y = 1; },
                () -> { r0 = y; x = 1; });
        Litmus.forbid(r0 == 1 && x == 2, "r0=1, x=2");
    }
}
