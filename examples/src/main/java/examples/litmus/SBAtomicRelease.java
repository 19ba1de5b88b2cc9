package examples.litmus;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicInteger;

/** SB with AtomicInteger setRelease/getAcquire. Forbidden r0=0, r1=0: allowed under TSO, PSO. */
public class SBAtomicRelease {
    static int x, r0, r1;
    static final AtomicInteger y = new AtomicInteger();
    static final VarHandle X = Litmus.handle(MethodHandles.lookup(), "x");

    public static void main(String[] args) throws InterruptedException {
        Litmus.runConcurrently(
                () -> { X.setRelease(1); r0 = y.getAcquire(); },
                () -> { y.setRelease(1); r1 = (int) X.getAcquire(); });
        Litmus.forbid(r0 == 0 && r1 == 0, "r0=0, r1=0");
    }
}
