package examples.litmus;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * SBForwarding whose read-back is a VarHandle getVolatile: x=1; r0=x(volatile); r1=y || y=1;
 * r2=y(volatile); r3=x. A volatile read of a location the thread has a buffered plain write to
 * reads that write (store forwarding) without waiting for it to become visible, so r0=1, r1=0,
 * r2=1, r3=0 is allowed under TSO and PSO.
 */
public class SBForwardingVolatile {
    static int x, y, r0, r1, r2, r3;
    static final VarHandle X = Litmus.handle(MethodHandles.lookup(), "x");
    static final VarHandle Y = Litmus.handle(MethodHandles.lookup(), "y");

    public static void main(String[] args) throws InterruptedException {
        Litmus.runConcurrently(
                () -> { x = 1; r0 = (int) X.getVolatile(); r1 = y; },
                () -> { y = 1; r2 = (int) Y.getVolatile(); r3 = x; });
        Litmus.forbid(r0 == 1 && r1 == 0 && r2 == 1 && r3 == 0, "r0=1, r1=0, r2=1, r3=0");
    }
}
