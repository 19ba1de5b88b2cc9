package examples.oracle;

/** A timed Object.wait without a loop: the consumer goes on after the timeout whether or not the flag came. Correct. */
public class TimedWaitNoLoop {
    private static final Object LOCK = new Object();
    static boolean ready;
    static boolean seen;

    public static void main(String[] args) throws InterruptedException {
        Thread consumer = new Thread(() -> {
            synchronized (LOCK) {
                if (!ready) {
                    try {
                        LOCK.wait(1);
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                }
                seen = ready;
            }
        });
        consumer.start();
        Noise.point();
        synchronized (LOCK) {
            ready = true;
            LOCK.notify();
        }
        consumer.join();
    }
}
