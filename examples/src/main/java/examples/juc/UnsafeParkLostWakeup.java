package examples.juc;

/**
 * A waiter checks a flag and only then registers itself for sun.misc.Unsafe's unpark: the signaller may set the flag
 * between the two, find no waiter to unpark, and the waiter parks for ever.
 */
public class UnsafeParkLostWakeup {
    private static volatile boolean ready;
    private static volatile Thread waiter;

    public static void main(String[] args) throws InterruptedException {
        Thread parker = new Thread(() -> {
            if (!ready) {
                waiter = Thread.currentThread();
                while (waiter != null) {
                    UnsafeParkHandoff.UNSAFE.park(false, 0L);
                }
            }
        });
        parker.start();
        ready = true;
        Thread registered = waiter;
        if (registered != null) {
            waiter = null;
            UnsafeParkHandoff.UNSAFE.unpark(registered);
        }
        parker.join();
    }
}
