package examples.oracle;

/**
 * Issue 16, item 4: Object.wait without a loop re-checking the condition. Only a spurious wake-up
 * exposes the bug (JLS 17.2.1 allows one); a plain JVM cannot be made to produce one, so plain runs
 * show only the correct outcomes.
 */
public class WaitWithoutLoop {
    private static final Object LOCK = new Object();
    static boolean ready;

    public static void main(String[] args) throws InterruptedException {
        Thread consumer = new Thread(() -> {
            synchronized (LOCK) {
                if (!ready) {
                    Waits.on(LOCK);
                }
                if (!ready) {
                    throw new AssertionError("woke up without the flag");
                }
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
