package examples.litmus;

/**
 * MP with a volatile flag y whose reader has a buffered write of its own: x=1; y=1(volatile) ||
 * z=1; r0=y(volatile); r1=x. The volatile read does not wait for z=1, but it is still an acquire
 * of the release y=1, so r0=1, r1=0 is forbidden under every model.
 */
public class MPVolatileWritingReader {
    static int x, z, r0, r1;
    static volatile int y;

    public static void main(String[] args) throws InterruptedException {
        Litmus.runConcurrently(
                () -> { x = 1; y = 1; },
                () -> { z = 1; r0 = y; r1 = x; });
        Litmus.forbid(r0 == 1 && r1 == 0, "r0=1, r1=0");
    }
}
