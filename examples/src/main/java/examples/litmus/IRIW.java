package examples.litmus;

/**
 * Independent reads of independent writes: two readers must agree on the order of x=1 and y=1;
 * store buffers keep writes multi-copy atomic, so forbidden under every model.
 */
public class IRIW {
    static int x, y, r0, r1, r2, r3;

    public static void main(String[] args) throws InterruptedException {
        Litmus.runConcurrently(
                () -> x = 1,
                () -> y = 1,
                () -> { r0 = x; r1 = y; },
                () -> { r2 = y; r3 = x; });
        Litmus.forbid(r0 == 1 && r1 == 0 && r2 == 1 && r3 == 0, "r0=1, r1=0, r2=1, r3=0");
    }
}
