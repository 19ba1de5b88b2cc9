package examples.modes;

import java.lang.reflect.Field;

/** A counter incremented by sun.misc.Unsafe compareAndSwapInt retry loops in two threads: no increment is lost. */
@SuppressWarnings("removal")
public class UnsafeCasCounter {
    private static final sun.misc.Unsafe UNSAFE;
    private static final long COUNT;

    static {
        try {
            Field theUnsafe = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
            theUnsafe.setAccessible(true);
            UNSAFE = (sun.misc.Unsafe) theUnsafe.get(null);
            COUNT = UNSAFE.objectFieldOffset(UnsafeCasCounter.class.getDeclaredField("count"));
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    volatile int count;

    void increment() {
        int seen;
        do {
            seen = UNSAFE.getIntVolatile(this, COUNT);
        } while (!UNSAFE.compareAndSwapInt(this, COUNT, seen, seen + 1));
    }

    public static void main(String[] args) throws InterruptedException {
        UnsafeCasCounter counter = new UnsafeCasCounter();
        Thread a = new Thread(counter::increment);
        Thread b = new Thread(counter::increment);
        a.start();
        b.start();
        a.join();
        b.join();
        if (counter.count != 2) {
            throw new AssertionError("lost an increment: " + counter.count);
        }
    }
}
