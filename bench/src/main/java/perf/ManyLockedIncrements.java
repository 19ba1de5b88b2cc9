package perf;

/** A long trace under one lock: two threads, 12,500 synchronized increments each (10^5 events). */
public class ManyLockedIncrements {
    static final int PER_THREAD = 12_500;
    static final Object lock = new Object();
    static int counter;

    public static void main(String[] args) throws InterruptedException {
        Thread first = new Thread(ManyLockedIncrements::work);
        Thread second = new Thread(ManyLockedIncrements::work);
        first.start();
        second.start();
        first.join();
        second.join();
        if (counter != 2 * PER_THREAD) {
            throw new AssertionError("lost an increment: " + counter);
        }
    }

    private static void work() {
        for (int i = 0; i < PER_THREAD; i++) {
            synchronized (lock) {
                counter++;
            }
        }
    }
}
