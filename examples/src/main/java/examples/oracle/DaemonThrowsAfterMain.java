package examples.oracle;

/**
 * Issue 16, item 3b: main starts a daemon thread and ends. The daemon's exception is a bug when it
 * comes before main's end; after it, the JVM is already exiting and nobody sees it.
 */
public class DaemonThrowsAfterMain {
    public static void main(String[] args) {
        Thread daemon = new Thread(() -> {
            Noise.point();
            throw new IllegalStateException("daemon failed");
        });
        daemon.setDaemon(true);
        daemon.start();
        Noise.point();
    }
}
