package examples.oracle;

/**
 * Issue 16, item 1, without a bug: a worker polls a flag at most three times and otherwise takes a
 * fallback path; both paths end normally, with different final states.
 */
public class RetryThenFallback {
    static volatile boolean ready;
    static boolean fellBack;

    public static void main(String[] args) throws InterruptedException {
        Thread worker = new Thread(() -> {
            for (int i = 0; i < 3 && !ready; i++) {
                Thread.onSpinWait();
            }
            fellBack = !ready;
        });
        worker.start();
        Noise.point();
        ready = true;
        worker.join();
    }
}
