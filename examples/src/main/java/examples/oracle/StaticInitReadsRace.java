package examples.oracle;

/**
 * Issue 16, item 6: a static initialiser reads a field another thread writes, so when the class is
 * initialised (and by which thread) decides what it copies. main fails when the worker's write came
 * first; a checker that runs initialisers atomically at some fixed point can miss that order.
 */
public class StaticInitReadsRace {
    static int flag;

    static final class Snapshot {
        static final int SEEN = flag;
    }

    public static void main(String[] args) throws InterruptedException {
        Thread worker = new Thread(() -> {
            Noise.point();
            flag = 1;
        });
        worker.start();
        Noise.point();
        int seen = Snapshot.SEEN;
        worker.join();
        if (seen == 1) {
            throw new AssertionError("the initialiser ran after the worker's write");
        }
    }
}
