package examples.oracle;

/**
 * Issue 16, item 1, with a longer retry loop: the worker polls a flag fifteen times before it falls
 * back, more rounds than Weft's default loop bound of ten allows an unchanged poll to repeat, so Weft
 * cuts the runs in which main is slow and says incomplete unless the bound is raised. Correct.
 */
public class RetryBeyondBound {
    static volatile boolean ready;
    static boolean fellBack;

    public static void main(String[] args) throws InterruptedException {
        Thread worker = new Thread(() -> {
            for (int round = 0; round < 15 && !ready; round++) {
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
