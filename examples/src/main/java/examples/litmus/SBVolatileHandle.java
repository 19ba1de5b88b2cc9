package examples.litmus;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/** SB with VarHandle setVolatile/getVolatile on plain fields. Forbidden r0=0, r1=0: forbidden under SC, TSO and PSO. */
public class SBVolatileHandle {
    static int x, y, r0, r1;
    static final VarHandle X = Litmus.handle(MethodHandles.lookup(), "x");
    static final VarHandle Y = Litmus.handle(MethodHandles.lookup(), "y");

    public static void main(String[] args) throws InterruptedException {
        Litmus.runConcurrently(
                () -> { X.setVolatile(1); r0 = (int) Y.getVolatile(); },
                () -> { Y.setVolatile(1); r1 = (int) X.getVolatile(); });
        Litmus.forbid(r0 == 0 && r1 == 0, "r0=0, r1=0");
    }
}
