package examples.litmus;

/** Write-read coherence: x=1; r0=x || x=2. Forbidden r0=2 with final x=1 under every model. */
public class CoWR {
    static int x, r0;

    public static void main(String[] args) throws InterruptedException {
        Litmus.runConcurrently(
                () -> { x = 1; r0 = x; },
                () -> x = 2);
        Litmus.forbid(r0 == 2 && x == 1, "r0=2, x=1");
    }
}
