package examples;

/**
 * A worker thread that finds no configuration ends the whole process with status 1; the checker
 * must report it as a bug of kind {@code exit} rather than die with it.
 */
public class ExitInThread {
    static String configuredMode;

    public static void main(String[] args) throws InterruptedException {
        Thread worker = new Thread(() -> {
            if (configuredMode == null) {
                System.exit(1);
            }
        });
        worker.start();
        worker.join();
    }
}
