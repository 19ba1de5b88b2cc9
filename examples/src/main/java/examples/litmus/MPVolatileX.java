package examples.litmus;

/**
 * MP with only the data x volatile: x=1 (volatile); y=1 || r0=y; r1=x (volatile). Forbidden r0=1, r1=0 under
 * SC, TSO and PSO; the JMM allows it: the plain write of y may become visible before the volatile write of x
 * that precedes it (a release keeps earlier accesses before it, not later ones), and the reader's plain read
 * of y may then come before the volatile read of x, which reads x before the write in the synchronization order.
 */
public class MPVolatileX {
    static volatile int x;
    static int y, r0, r1;

    public static void main(String[] args) throws InterruptedException {
        Litmus.runConcurrently(
                () -> { x = 1; y = 1; },
                () -> { r0 = y; r1 = x; });
        Litmus.forbid(r0 == 1 && r1 == 0, "r0=1, r1=0");
    }
}
