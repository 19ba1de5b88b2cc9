package subjects;

/**
 * A guarded wait between two writes of which only the second is notified: a waiter that waited sees
 * the first value (2) only when it wakes spuriously in between (JLS 17.2.1), perhaps after spurious
 * wake-ups that changed nothing, which the busy-wait rule then holds; it records 0 when it never
 * waited. A plain JVM almost never shows 2.
 */
public class GuardedWaitSeesInterim {
    private static final Object LOCK = new Object();
    static int state;
    static int seen;

    public static void main(String[] args) throws InterruptedException {
        Thread waiter = new Thread(() -> {
            synchronized (LOCK) {
                boolean waited = false;
                while (state == 0) {
                    waited = true;
                    try {
                        LOCK.wait();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
                if (waited) {
                    seen = state;
                }
            }
        });
        waiter.start();
        synchronized (LOCK) {
            state = 2;
        }
        synchronized (LOCK) {
            state = 1;
            LOCK.notifyAll();
        }
        waiter.join();
    }
}
