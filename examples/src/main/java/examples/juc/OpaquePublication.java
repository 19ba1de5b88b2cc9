package examples.juc;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A value published with a plain write and a flag set in opaque mode, read by getOpaque then a plain read. Opaque orders
 * nothing with other variables: right under SC and TSO (stores leave in order), a stale value under PSO, where the flag's
 * store can be flushed before the value's. {@link ReleaseAcquirePublication} is the fix.
 */
public class OpaquePublication {
    private static final VarHandle READY;

    static {
        try {
            READY = MethodHandles.lookup().findStaticVarHandle(OpaquePublication.class, "ready", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    static boolean ready;
    static int value;

    public static void main(String[] args) throws InterruptedException {
        Thread writer = new Thread(() -> {
            value = 42;
            READY.setOpaque(true);
        });
        Thread reader = new Thread(() -> {
            if ((boolean) READY.getOpaque() && value != 42) {
                throw new AssertionError("flag seen before the value: " + value);
            }
        });
        writer.start();
        reader.start();
        writer.join();
        reader.join();
    }
}
