package examples.juc;

import examples.jdk.TwoThreads;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/** A counter incremented through a VarHandle's plain get and set (not getAndAdd): an increment is lost. */
public class VarHandlePlainCounter {
    private static final VarHandle COUNT;

    static {
        try {
            COUNT = MethodHandles.lookup().findVarHandle(VarHandlePlainCounter.class, "count", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    int count;

    public static void main(String[] args) throws InterruptedException {
        VarHandlePlainCounter counter = new VarHandlePlainCounter();
        Runnable increment = () -> COUNT.set(counter, (int) COUNT.get(counter) + 1);
        TwoThreads.run(increment, increment);
        if ((int) COUNT.getVolatile(counter) != 2) {
            throw new AssertionError("lost an increment: " + counter.count);
        }
    }
}
