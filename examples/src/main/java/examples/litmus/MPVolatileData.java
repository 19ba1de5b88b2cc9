package examples.litmus;

/** MP with both the data x and the flag y volatile. Forbidden r0=1, r1=0: forbidden under SC, TSO and PSO. */
public class MPVolatileData {
    static volatile int x, y;
    static int r0, r1;

    public static void main(String[] args) throws InterruptedException {
        Litmus.runConcurrently(
                () -> { x = 1; y = 1; },
                () -> { r0 = y; r1 = x; });
        Litmus.forbid(r0 == 1 && r1 == 0, "r0=1, r1=0");
    }
}
