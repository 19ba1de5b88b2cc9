package examples.litmus;

import java.util.ArrayList;
import java.util.List;

/**
 * What every litmus program shares: run the threads concurrently, then check that the relaxed
 * outcome did not happen. "Bug found" therefore means "outcome allowed by the memory model".
 */
final class Litmus {
    private Litmus() {
    }

    /** Creates every thread before starting any, so that the harness adds no shared accesses between starts. */
    static void runConcurrently(Runnable... bodies) throws InterruptedException {
        List<Thread> threads = new ArrayList<>();
        for (Runnable body : bodies) {
            threads.add(new Thread(body));
        }
        for (Thread thread : threads) {
            thread.start();
        }
        for (Thread thread : threads) {
            thread.join();
        }
    }

    static void forbid(boolean outcomeObserved, String outcome) {
        if (outcomeObserved) {
            throw new AssertionError("relaxed outcome observed: " + outcome);
        }
    }
}
