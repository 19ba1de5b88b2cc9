package examples.juc;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/** Dekker's entry with plain VarHandle accesses and VarHandle.fullFence between each store and load: never both read 0. */
public class FullFenceStoreBuffering {
    private static final VarHandle X;
    private static final VarHandle Y;

    static {
        try {
            X = MethodHandles.lookup().findStaticVarHandle(FullFenceStoreBuffering.class, "x", int.class);
            Y = MethodHandles.lookup().findStaticVarHandle(FullFenceStoreBuffering.class, "y", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    static int x;
    static int y;

    public static void main(String[] args) throws InterruptedException {
        int[] saw = new int[2];
        Thread one = new Thread(() -> {
            X.set(1);
            VarHandle.fullFence();
            saw[0] = (int) Y.get();
        });
        Thread two = new Thread(() -> {
            Y.set(1);
            VarHandle.fullFence();
            saw[1] = (int) X.get();
        });
        one.start();
        two.start();
        one.join();
        two.join();
        if (saw[0] == 0 && saw[1] == 0) {
            throw new AssertionError("both threads read 0: the fences did not order store before load");
        }
    }
}
