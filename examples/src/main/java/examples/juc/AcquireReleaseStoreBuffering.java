package examples.juc;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Dekker's entry with setRelease and getAcquire: release/acquire does not order a store before a later load, so under
 * TSO and PSO both threads read 0 and enter together (right under SC). {@link FullFenceStoreBuffering} is the fix.
 */
public class AcquireReleaseStoreBuffering {
    private static final VarHandle X;
    private static final VarHandle Y;

    static {
        try {
            X = MethodHandles.lookup().findStaticVarHandle(AcquireReleaseStoreBuffering.class, "x", int.class);
            Y = MethodHandles.lookup().findStaticVarHandle(AcquireReleaseStoreBuffering.class, "y", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    static int x;
    static int y;

    public static void main(String[] args) throws InterruptedException {
        int[] saw = new int[2];
        Thread one = new Thread(() -> {
            X.setRelease(1);
            saw[0] = (int) Y.getAcquire();
        });
        Thread two = new Thread(() -> {
            Y.setRelease(1);
            saw[1] = (int) X.getAcquire();
        });
        one.start();
        two.start();
        one.join();
        two.join();
        if (saw[0] == 0 && saw[1] == 0) {
            throw new AssertionError("both threads read 0: both entered");
        }
    }
}
