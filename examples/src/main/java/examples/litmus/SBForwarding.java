package examples.litmus;

/**
 * SB where each thread first reads back its own write (store forwarding): x=1; r0=x; r1=y || y=1;
 * r2=y; r3=x. Forbidden r0=1, r1=0, r2=1, r3=0: allowed under TSO and PSO.
 */
public class SBForwarding {
    static int x, y, r0, r1, r2, r3;

    public static void main(String[] args) throws InterruptedException {
        Litmus.runConcurrently(
                () -> { x = 1; r0 = x; r1 = y; },
                () -> { y = 1; r2 = y; r3 = x; });
        Litmus.forbid(r0 == 1 && r1 == 0 && r2 == 1 && r3 == 0, "r0=1, r1=0, r2=1, r3=0");
    }
}
