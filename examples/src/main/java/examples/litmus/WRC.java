package examples.litmus;

/**
 * Write-to-read causality: x=1 || r0=x; y=1 || r1=y; r2=x. Forbidden r0=1, r1=1, r2=0 under every
 * model.
 */
public class WRC {
    static int x, y, r0, r1, r2;

    public static void main(String[] args) throws InterruptedException {
        Litmus.runConcurrently(
                () -> x = 1,
                () -> { r0 = x; y = 1; },
                () -> { r1 = y; r2 = x; });
        Litmus.forbid(r0 == 1 && r1 == 1 && r2 == 0, "r0=1, r1=1, r2=0");
    }
}
