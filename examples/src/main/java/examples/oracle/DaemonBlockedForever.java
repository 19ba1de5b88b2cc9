package examples.oracle;

/**
 * A daemon thread blocks for good on a monitor main never releases... until main ends: a blocked
 * daemon does not keep the run going, so this is no deadlock. Correct.
 */
public class DaemonBlockedForever {
    private static final Object LOCK = new Object();
    static volatile boolean entered;

    public static void main(String[] args) throws InterruptedException {
        Thread daemon = new Thread(() -> {
            synchronized (LOCK) {
                entered = true;
            }
        });
        daemon.setDaemon(true);
        synchronized (LOCK) {
            daemon.start();
            Noise.point();
        }
    }
}
