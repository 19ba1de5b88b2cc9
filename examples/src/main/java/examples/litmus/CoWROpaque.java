package examples.litmus;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/** CoWR with VarHandle opaque accesses. Forbidden r0=2, x=1: forbidden under SC, TSO and PSO. */
public class CoWROpaque {
    static int x, r0;
    static final VarHandle X = Litmus.handle(MethodHandles.lookup(), "x");

    public static void main(String[] args) throws InterruptedException {
        Litmus.runConcurrently(
                () -> { X.setOpaque(1); r0 = (int) X.getOpaque(); },
                () -> { X.setOpaque(2); });
        Litmus.forbid(r0 == 2 && x == 1, "r0=2, x=1");
    }
}
