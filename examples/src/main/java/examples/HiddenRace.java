package examples;

/**
 * A data race that the first run hides: the writer sets x and then takes the lock, the reader takes
 * the lock and then reads x. When the writer goes first, its release of the lock orders the write
 * before the read; when the reader goes first, nothing orders them. Race prediction finds the race
 * from the first run alone.
 */
public class HiddenRace {
    static final Object LOCK = new Object();
    static int x;
    static int seen;

    public static void main(String[] args) throws InterruptedException {
        writeThenRead(1);
    }

    /** The writer stores {@code written} into x, then takes the lock; the reader reads x under the lock. */
    static void writeThenRead(int written) throws InterruptedException {
        Thread writer = new Thread(() -> {
            x = written;
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
