package examples.oracle;

/** Object.wait in a loop, the correct way: the consumer always sees the value the producer handed over. */
public class WaitLoopHandoff {
    private static final Object LOCK = new Object();
    static int value;
    static int seen;

    public static void main(String[] args) throws InterruptedException {
        Thread consumer = new Thread(() -> {
            synchronized (LOCK) {
                while (value == 0) {
                    Waits.on(LOCK);
                }
                seen = value;
            }
        });
        consumer.start();
        Noise.point();
        synchronized (LOCK) {
            value = 7;
            LOCK.notifyAll();
        }
        consumer.join();
    }
}
