package examples.litmus;

/**
 * Read-read coherence: x=1 || r0=x; r1=x. Forbidden r0=1, r1=0 (a newer value then an older one)
 * under every model.
 */
public class CoRR {
    static int x, r0, r1;

    public static void main(String[] args) throws InterruptedException {
        Litmus.runConcurrently(
                () -> x = 1,
                () -> { r0 = x; r1 = x; });
        Litmus.forbid(r0 == 1 && r1 == 0, "r0=1, r1=0");
    }
}
