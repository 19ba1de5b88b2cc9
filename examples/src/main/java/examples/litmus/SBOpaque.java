package examples.litmus;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/** SB with VarHandle setOpaque/getOpaque. Forbidden r0=0, r1=0: allowed under TSO, PSO. */
public class SBOpaque {
    static int x, y, r0, r1;
    static final VarHandle X = Litmus.handle(MethodHandles.lookup(), "x");
    static final VarHandle Y = Litmus.handle(MethodHandles.lookup(), "y");

    public static void main(String[] args) throws InterruptedException {
        Litmus.runConcurrently(
                () -> { X.setOpaque(1); r0 = (int) Y.getOpaque(); },
                () -> { Y.setOpaque(1); r1 = (int) X.getOpaque(); });
        Litmus.forbid(r0 == 0 && r1 == 0, "r0=0, r1=0");
    }
}
