package examples.oracle;

/** A daemon thread's write is in the final state only when it came before main's end. Correct. */
public class DaemonWriteAfterMain {
    static volatile boolean written;

    public static void main(String[] args) {
        Thread daemon = new Thread(() -> {
            Noise.point();
            written = true;
        });
        daemon.setDaemon(true);
        daemon.start();
        Noise.point();
    }
}
