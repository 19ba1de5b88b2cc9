package examples.litmus;

/**
 * What every litmus program shares: run the threads concurrently, then check that the relaxed
 * outcome did not happen. "Bug found" therefore means "outcome allowed by the memory model".
 */
final class Litmus {
    private Litmus() {
    }

    static void runConcurrently(Runnable... bodies) throws InterruptedException {
        Thread[] threads = new Thread[bodies.length];
        for (int i = 0; i < bodies.length; i++) {
            threads[i] = new Thread(bodies[i]);
            threads[i].start();
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
