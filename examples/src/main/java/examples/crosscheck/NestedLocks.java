package examples.crosscheck;

/**
 * Three threads and two monitors taken in one global order (outer before inner), so no deadlock;
 * the history of {@code log} and what the outer-only thread saw vary.
 */
public class NestedLocks {
    private static final Object OUTER = new Object();
    private static final Object INNER = new Object();
    static int log;
    static int seenUnderOuter;

    public static void main(String[] args) throws InterruptedException {
        Thread both = new Thread(() -> {
            synchronized (OUTER) {
                synchronized (INNER) {
                    log = log * 10 + 1;
                }
            }
        });
        Thread outerOnly = new Thread(() -> {
            synchronized (OUTER) {
                seenUnderOuter = log;
            }
        });
        Thread innerOnly = new Thread(() -> {
            synchronized (INNER) {
                log = log * 10 + 3;
            }
        });
        both.start();
        outerOnly.start();
        innerOnly.start();
        both.join();
        outerOnly.join();
        innerOnly.join();
    }
}
