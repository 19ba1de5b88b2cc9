package examples.juc;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/** A value published with a plain write and a flag set by setRelease, read by getAcquire then a plain read: always the value. */
public class ReleaseAcquirePublication {
    private static final VarHandle READY;

    static {
        try {
            READY = MethodHandles.lookup().findStaticVarHandle(ReleaseAcquirePublication.class, "ready", boolean.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    static boolean ready;
    static int value;

    public static void main(String[] args) throws InterruptedException {
        Thread writer = new Thread(() -> {
            value = 42;
            READY.setRelease(true);
        });
        Thread reader = new Thread(() -> {
            if ((boolean) READY.getAcquire() && value != 42) {
                throw new AssertionError("flag seen before the value: " + value);
            }
        });
        writer.start();
        reader.start();
        writer.join();
        reader.join();
    }
}
