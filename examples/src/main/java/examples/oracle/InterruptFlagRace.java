package examples.oracle;

/** Whether a worker sees its interrupt status set depends on when main interrupts it. Correct. */
public class InterruptFlagRace {
    static volatile boolean observed;

    public static void main(String[] args) throws InterruptedException {
        Thread worker = new Thread(() -> {
            Noise.point();
            observed = Thread.currentThread().isInterrupted();
        });
        worker.start();
        Noise.point();
        worker.interrupt();
        worker.join();
    }
}
