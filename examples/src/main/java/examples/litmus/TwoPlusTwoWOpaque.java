package examples.litmus;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/** 2+2W with VarHandle setOpaque writes. Forbidden x=1, y=1: allowed under PSO. */
public class TwoPlusTwoWOpaque {
    static int x, y;
    static final VarHandle X = Litmus.handle(MethodHandles.lookup(), "x");
    static final VarHandle Y = Litmus.handle(MethodHandles.lookup(), "y");

    public static void main(String[] args) throws InterruptedException {
        Litmus.runConcurrently(
                () -> { X.setOpaque(1); Y.setOpaque(2); },
                () -> { Y.setOpaque(1); X.setOpaque(2); });
        Litmus.forbid(x == 1 && y == 1, "x=1, y=1");
    }
}
