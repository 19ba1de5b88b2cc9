package examples.oracle;

/**
 * Main fails right after publishing a flag; a worker that sees the flag fails too. The worker's bug
 * comes after main's: it is found only when main's exception ends main alone and the run goes on.
 */
public class MainFailsWorkerSees {
    static volatile boolean started;

    public static void main(String[] args) {
        Thread worker = new Thread(() -> {
            Noise.point();
            if (started) {
                throw new AssertionError("worker saw main start");
            }
        });
        worker.start();
        started = true;
        throw new IllegalStateException("main failed");
    }
}
