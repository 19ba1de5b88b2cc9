package examples.litmus;

import java.util.concurrent.atomic.AtomicInteger;

/** MP with the flag an AtomicInteger set by lazySet. Forbidden r0=1, r1=0: forbidden under SC, TSO and PSO. */
public class MPAtomicLazySet {
    static int x, r0, r1;
    static final AtomicInteger y = new AtomicInteger();

    public static void main(String[] args) throws InterruptedException {
        Litmus.runConcurrently(
                () -> { x = 1; y.lazySet(1); },
                () -> { r0 = y.getAcquire(); r1 = x; });
        Litmus.forbid(r0 == 1 && r1 == 0, "r0=1, r1=0");
    }
}
