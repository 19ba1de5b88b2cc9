package examples.litmus;

import java.lang.invoke.VarHandle;

/**
 * SB with a full fence between each thread's write and read: r0=r1=0 is forbidden under every
 * model.
 */
public class SBFences {
    static int x, y, r0, r1;

    public static void main(String[] args) throws InterruptedException {
        Litmus.runConcurrently(
                () -> { x = 1; VarHandle.fullFence(); r0 = y; },
                () -> { y = 1; VarHandle.fullFence(); r1 = x; });
        Litmus.forbid(r0 == 0 && r1 == 0, "r0=0, r1=0");
    }
}
