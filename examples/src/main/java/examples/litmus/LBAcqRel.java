package examples.litmus;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/** LB with VarHandle getAcquire/setRelease. Forbidden r0=1, r1=1: forbidden under SC, TSO and PSO. */
public class LBAcqRel {
    static int x, y, r0, r1;
    static final VarHandle X = Litmus.handle(MethodHandles.lookup(), "x");
    static final VarHandle Y = Litmus.handle(MethodHandles.lookup(), "y");

    public static void main(String[] args) throws InterruptedException {
        Litmus.runConcurrently(
                () -> { r0 = (int) X.getAcquire(); Y.setRelease(1); },
                () -> { r1 = (int) Y.getAcquire(); X.setRelease(1); });
        Litmus.forbid(r0 == 1 && r1 == 1, "r0=1, r1=1");
    }
}
