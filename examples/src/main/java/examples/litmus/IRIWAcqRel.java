package examples.litmus;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/** IRIW with VarHandle release writes and acquire reads. Forbidden r0=1, r1=0, r2=1, r3=0: forbidden under SC, TSO and PSO. */
public class IRIWAcqRel {
    static int x, y, r0, r1, r2, r3;
    static final VarHandle X = Litmus.handle(MethodHandles.lookup(), "x");
    static final VarHandle Y = Litmus.handle(MethodHandles.lookup(), "y");

    public static void main(String[] args) throws InterruptedException {
        Litmus.runConcurrently(
                () -> { X.setRelease(1); },
                () -> { Y.setRelease(1); },
                () -> { r0 = (int) X.getAcquire(); r1 = (int) Y.getAcquire(); },
                () -> { r2 = (int) Y.getAcquire(); r3 = (int) X.getAcquire(); });
        Litmus.forbid(r0 == 1 && r1 == 0 && r2 == 1 && r3 == 0, "r0=1, r1=0, r2=1, r3=0");
    }
}
