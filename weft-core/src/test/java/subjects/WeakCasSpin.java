package subjects;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/** One thread claims a flag through a VarHandle with {@code while (!weakCompareAndSet(0, 1));} and nobody else touches it. */
public class WeakCasSpin {
    static int flag;
    static final VarHandle FLAG;

    static {
        try {
            FLAG = MethodHandles.lookup().findStaticVarHandle(WeakCasSpin.class, "flag", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread a = new Thread(() -> {
            while (!FLAG.weakCompareAndSetPlain(0, 1)) {
                // retry
            }
        });
        a.start();
        a.join();
        if ((int) FLAG.getVolatile() != 1) {
            throw new AssertionError("the claim did not stick");
        }
    }
}
