package examples.oracle;

/** A worker sleeps briefly and then reads a flag main sets; a sleep orders nothing, so both values show. Correct. */
public class SleepThenCheck {
    static volatile boolean set;
    static boolean seen;

    public static void main(String[] args) throws InterruptedException {
        Thread worker = new Thread(() -> {
            try {
                Thread.sleep(1);
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            seen = set;
        });
        worker.start();
        Noise.point();
        Thread.sleep(1);
        set = true;
        worker.join();
    }
}
