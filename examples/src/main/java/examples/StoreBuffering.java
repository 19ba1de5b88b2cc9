package examples;

/**
 * Store buffering: each thread writes its own location and then reads the other's. Under SC one
 * of the writes comes first, so at least one thread sees a 1; under TSO and PSO both writes can
 * still be buffered when both reads happen, and both threads see 0.
 */
public class StoreBuffering {
    static final class Shared {
        int x;
        int y;
        int seenByFirst;
        int seenBySecond;
    }

    public static void main(String[] args) throws InterruptedException {
        Shared shared = new Shared();
        Thread first = new Thread(() -> {
            shared.x = 1;
            shared.seenByFirst = shared.y;
        });
        Thread second = new Thread(() -> {
            shared.y = 1;
            shared.seenBySecond = shared.x;
        });
        first.start();
        second.start();
        first.join();
        second.join();
        if (shared.seenByFirst == 0 && shared.seenBySecond == 0) {
            throw new AssertionError("both threads read 0: the writes were reordered after the reads");
        }
    }
}
