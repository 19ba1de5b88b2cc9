package examples.oracle;

/**
 * Main interrupts a worker that may be waiting in a loop, then sets the flag it waits for: the worker
 * ends by the interrupt, or by the flag when it only got there after both. Correct.
 */
public class InterruptWaiter {
    private static final Object LOCK = new Object();
    static boolean ready;
    static boolean interrupted;

    public static void main(String[] args) throws InterruptedException {
        Thread worker = new Thread(() -> {
            Noise.point();
            synchronized (LOCK) {
                while (!ready) {
                    try {
                        LOCK.wait();
                    } catch (InterruptedException e) {
                        interrupted = true;
                        return;
                    }
                }
            }
        });
        worker.start();
        Noise.point();
        worker.interrupt();
        synchronized (LOCK) {
            ready = true;
            LOCK.notifyAll();
        }
        worker.join();
    }
}
