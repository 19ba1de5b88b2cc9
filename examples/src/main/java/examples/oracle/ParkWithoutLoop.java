package examples.oracle;

import java.util.concurrent.locks.LockSupport;

/**
 * Issue 16, item 4: LockSupport.park without a loop. park may return for no reason at all; the
 * oracle's plain runs make it do so now and then (an unpark from outside), so they show the bug.
 */
public class ParkWithoutLoop {
    static volatile boolean ready;

    public static void main(String[] args) throws InterruptedException {
        Thread parker = new Thread(() -> {
            if (!ready) {
                LockSupport.park();
            }
            if (!ready) {
                throw new AssertionError("park returned without the flag");
            }
        });
        parker.start();
        Noise.point();
        ready = true;
        LockSupport.unpark(parker);
        parker.join();
    }
}
