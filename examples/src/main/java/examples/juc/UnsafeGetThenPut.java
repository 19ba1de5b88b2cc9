package examples.juc;

import examples.jdk.TwoThreads;
import java.lang.reflect.Field;

/** A counter incremented by sun.misc.Unsafe getIntVolatile then putIntVolatile, not a compare-and-swap: an increment is lost. */
@SuppressWarnings("removal")
public class UnsafeGetThenPut {
    private static final sun.misc.Unsafe UNSAFE;
    private static final long COUNT;

    static {
        try {
            Field theUnsafe = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
            theUnsafe.setAccessible(true);
            UNSAFE = (sun.misc.Unsafe) theUnsafe.get(null);
            COUNT = UNSAFE.objectFieldOffset(UnsafeGetThenPut.class.getDeclaredField("count"));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    volatile int count;

    public static void main(String[] args) throws InterruptedException {
        UnsafeGetThenPut counter = new UnsafeGetThenPut();
        Runnable increment = () -> UNSAFE.putIntVolatile(counter, COUNT, UNSAFE.getIntVolatile(counter, COUNT) + 1);
        TwoThreads.run(increment, increment);
        if (counter.count != 2) {
            throw new AssertionError("lost an increment: " + counter.count);
        }
    }
}
