package examples.oracle;

/** Uncaught exceptions in main and in a worker: whichever comes first is the run's bug. */
public class MainFailsWorkerFails {
    public static void main(String[] args) {
        Thread worker = new Thread(() -> {
            Noise.point();
            throw new IllegalArgumentException("worker failed");
        });
        worker.start();
        Noise.point();
        throw new IllegalStateException("main failed");
    }
}
