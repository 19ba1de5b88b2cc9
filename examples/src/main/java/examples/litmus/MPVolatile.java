package examples.litmus;

/**
 * MP with a volatile flag y: the volatile write is a release (x becomes visible first) and the
 * volatile read an acquire, so r0=1, r1=0 is forbidden under every model.
 */
public class MPVolatile {
    static int x, r0, r1;
    static volatile int y;

    public static void main(String[] args) throws InterruptedException {
        Litmus.runConcurrently(
                () -> { x = 1; y = 1; },
                () -> { r0 = y; r1 = x; });
        Litmus.forbid(r0 == 1 && r1 == 0, "r0=1, r1=0");
    }
}
