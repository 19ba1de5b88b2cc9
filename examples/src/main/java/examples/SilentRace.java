package examples;

/**
 * A data race no run's values reveal: the writer stores into x the value x already holds, so the
 * reader reads 0 whichever way the two go and MCR has no new value to explore after the first run.
 * The writer's lock, taken after its write, orders the two in that run; race prediction still finds
 * that the reader can run its read right next to the write.
 */
public class SilentRace {
    static final Object LOCK = new Object();
    static int x;
    static int seen;

    public static void main(String[] args) throws InterruptedException {
        Thread writer = new Thread(() -> {
            x = 0;
            synchronized (LOCK) {
                seen += 0;
            }
        });
        Thread reader = new Thread(() -> {
            synchronized (LOCK) {
                seen = x;
            }
        });
        writer.start();
        reader.start();
        writer.join();
        reader.join();
    }
}
