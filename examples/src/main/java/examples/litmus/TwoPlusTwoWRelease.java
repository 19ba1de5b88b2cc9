package examples.litmus;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/** 2+2W with the second writes VarHandle setRelease. Forbidden x=1, y=1: forbidden under SC, TSO and PSO. */
public class TwoPlusTwoWRelease {
    static int x, y;
    static final VarHandle X = Litmus.handle(MethodHandles.lookup(), "x");
    static final VarHandle Y = Litmus.handle(MethodHandles.lookup(), "y");

    public static void main(String[] args) throws InterruptedException {
        Litmus.runConcurrently(
                () -> { x = 1; Y.setRelease(2); },
                () -> { y = 1; X.setRelease(2); });
        Litmus.forbid(x == 1 && y == 1, "x=1, y=1");
    }
}
