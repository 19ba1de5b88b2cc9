package examples.litmus;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/** CoRR with VarHandle opaque accesses. Forbidden r0=1, r1=0: forbidden under SC, TSO and PSO. */
public class CoRROpaque {
    static int x, r0, r1;
    static final VarHandle X = Litmus.handle(MethodHandles.lookup(), "x");

    public static void main(String[] args) throws InterruptedException {
        Litmus.runConcurrently(
                () -> { X.setOpaque(1); },
                () -> { r0 = (int) X.getOpaque(); r1 = (int) X.getOpaque(); });
        Litmus.forbid(r0 == 1 && r1 == 0, "r0=1, r1=0");
    }
}
