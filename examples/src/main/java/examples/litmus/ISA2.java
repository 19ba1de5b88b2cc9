package examples.litmus;

/**
 * ISA2: x=1; y=1 || r0=y; z=1 || r1=z; r2=x. Forbidden r0=1, r1=1, r2=0: allowed only under PSO.
 */
public class ISA2 {
    static int x, y, z, r0, r1, r2;

    public static void main(String[] args) throws InterruptedException {
        Litmus.runConcurrently(
                () -> { x = 1; y = 1; },
                () -> { r0 = y; z = 1; },
                () -> { r1 = z; r2 = x; });
        Litmus.forbid(r0 == 1 && r1 == 1 && r2 == 0, "r0=1, r1=1, r2=0");
    }
}
