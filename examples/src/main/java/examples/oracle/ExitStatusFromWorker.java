package examples.oracle;

/** A worker ends the process with status 3 when it finds no configuration yet; otherwise the run ends normally. */
public class ExitStatusFromWorker {
    static volatile boolean configured;

    public static void main(String[] args) throws InterruptedException {
        Thread worker = new Thread(() -> {
            Noise.point();
            if (!configured) {
                System.exit(3);
            }
        });
        worker.start();
        Noise.point();
        configured = true;
        worker.join();
    }
}
