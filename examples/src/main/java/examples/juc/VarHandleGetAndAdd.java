package examples.juc;

import examples.jdk.TwoThreads;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/** A counter incremented by VarHandle getAndAdd in two threads, read with getAcquire after both joined: 2. */
public class VarHandleGetAndAdd {
    private static final VarHandle COUNT;

    static {
        try {
            COUNT = MethodHandles.lookup().findVarHandle(VarHandleGetAndAdd.class, "count", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    int count;

    public static void main(String[] args) throws InterruptedException {
        VarHandleGetAndAdd counter = new VarHandleGetAndAdd();
        Runnable increment = () -> COUNT.getAndAdd(counter, 1);
        TwoThreads.run(increment, increment);
        if ((int) COUNT.getAcquire(counter) != 2) {
            throw new AssertionError("lost an increment: " + counter.count);
        }
    }
}
