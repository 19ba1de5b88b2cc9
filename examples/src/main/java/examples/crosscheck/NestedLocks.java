package examples.crosscheck;

/**
 * Three threads and two monitors taken in one global order (outer before inner), so no deadlock;
 * the history in {@code log} and what the outer-only thread saw vary.
 */
public class NestedLocks {
    static int log;
    static int seenUnderOuter;

    public static void main(String[] args) throws InterruptedException {
        Object outer = new Object();
        Object inner = new Object();
        Thread both = new Thread(() -> {
            synchronized (outer) {
                synchronized (inner) {
                    log = log * 10 + 1;
                }
            }
        });
        Thread outerOnly = new Thread(() -> {
            synchronized (outer) {
                seenUnderOuter = log;
            }
        });
        Thread innerOnly = new Thread(() -> {
            synchronized (inner) {
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
