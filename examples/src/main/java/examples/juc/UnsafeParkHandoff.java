package examples.juc;

import java.lang.reflect.Field;

/**
 * A hand-off with sun.misc.Unsafe's park and unpark: the waiter parks until a flag is set, re-checking it after each
 * return (a park may return spuriously, and an unpark that came first leaves its permit); it then sees the value
 * written before the flag.
 */
@SuppressWarnings("removal")
public class UnsafeParkHandoff {
    static final sun.misc.Unsafe UNSAFE;

    static {
        try {
            Field theUnsafe = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
            theUnsafe.setAccessible(true);
            UNSAFE = (sun.misc.Unsafe) theUnsafe.get(null);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private static int value;
    private static volatile boolean ready;

    public static void main(String[] args) throws InterruptedException {
        Thread waiter = new Thread(() -> {
            while (!ready) {
                UNSAFE.park(false, 0L);
            }
            if (value != 42) {
                throw new AssertionError("woke to " + value);
            }
        });
        waiter.start();
        value = 42;
        ready = true;
        UNSAFE.unpark(waiter);
        waiter.join();
    }
}
