package examples.oracle;

/**
 * Issue 16, item 6: a static initialiser reads a field another thread writes. Which thread
 * initialises the class, and whether the worker's write comes before, decides what the class holds:
 * both threads see 0, or both see 1. A checker that runs initialisers unseen, in one step, never
 * orders the write before the initialiser's read.
 */
public class StaticInitReadsShared {
    static volatile int config;
    static int seenByMain;
    static int seenByWorker;

    static final class Settings {
        static final int VALUE = config;
    }

    public static void main(String[] args) throws InterruptedException {
        Thread worker = new Thread(() -> {
            config = 1;
            Noise.point();
            seenByWorker = Settings.VALUE;
        });
        worker.start();
        Noise.point();
        seenByMain = Settings.VALUE;
        worker.join();
    }
}
