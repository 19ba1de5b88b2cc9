package examples.oracle;

import java.util.concurrent.locks.LockSupport;

/** LockSupport.park in a loop, the correct way: spurious returns do not matter. */
public class ParkLoopHandoff {
    static volatile boolean ready;
    static int data;
    static int seen;

    public static void main(String[] args) throws InterruptedException {
        Thread parker = new Thread(() -> {
            while (!ready) {
                LockSupport.park();
            }
            seen = data;
        });
        parker.start();
        Noise.point();
        data = 5;
        ready = true;
        LockSupport.unpark(parker);
        parker.join();
    }
}
