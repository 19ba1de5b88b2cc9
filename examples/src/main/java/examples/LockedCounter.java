package examples;

/** The corrected {@link LostUpdate}: both increments hold the same monitor, so none is lost. */
public class LockedCounter {
    private static final Object LOCK = new Object();
    static int counter;

    public static void main(String[] args) throws InterruptedException {
        Thread first = new Thread(LockedCounter::increment);
        Thread second = new Thread(LockedCounter::increment);
        first.start();
        second.start();
        first.join();
        second.join();
        if (counter != 2) {
            throw new AssertionError("counter = " + counter + ", expected 2");
        }
    }

    static void increment() {
        synchronized (LOCK) {
            counter = counter + 1;
        }
    }
}
