package examples.oracle;

/** Main interrupts a worker sleeping for a long time; the worker records the interrupt. Correct. */
public class InterruptSleeper {
    static volatile boolean interrupted;

    public static void main(String[] args) throws InterruptedException {
        Thread sleeper = new Thread(() -> {
            try {
                Thread.sleep(60_000);
            } catch (InterruptedException e) {
                interrupted = true;
            }
        });
        sleeper.start();
        Noise.point();
        sleeper.interrupt();
        sleeper.join();
    }
}
