package examples.litmus;

/** R: x=1; y=1 || y=2; r0=x. Forbidden final y=2 with r0=0: allowed under TSO and PSO. */
public class R {
    static int x, y, r0;

    public static void main(String[] args) throws InterruptedException {
        Litmus.runConcurrently(
                () -> { x = 1; y = 1; },
                () -> { y = 2; r0 = x; });
        Litmus.forbid(y == 2 && r0 == 0, "y=2, r0=0");
    }
}
