package examples.litmus;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/** MP with VarHandle.releaseFence and acquireFence. Forbidden r0=1, r1=0: forbidden under SC, TSO and PSO. */
public class MPFences {
    static int x, y, r0, r1;
    static final VarHandle X = Litmus.handle(MethodHandles.lookup(), "x");
    static final VarHandle Y = Litmus.handle(MethodHandles.lookup(), "y");

    public static void main(String[] args) throws InterruptedException {
        Litmus.runConcurrently(
                () -> { x = 1; VarHandle.releaseFence(); y = 1; },
                () -> { r0 = y; VarHandle.acquireFence(); r1 = x; });
        Litmus.forbid(r0 == 1 && r1 == 0, "r0=1, r1=0");
    }
}
