package subjects.ends;

/**
 * A worker with a handler of its own and one that reaches the default handler both fail; each
 * handler runs in its dying thread before the thread ends, so main, after joining both, always sees
 * them counted. The two exceptions are bugs (they were not caught); main's check never fails.
 */
public class HandlersSeeFailures {
    static volatile int ownHandled;
    static volatile int defaultHandled;

    public static void main(String[] args) throws InterruptedException {
        Thread.setDefaultUncaughtExceptionHandler((thread, failure) -> defaultHandled++);
        Thread own = new Thread(() -> {
            throw new IllegalStateException("own handler");
        });
        own.setUncaughtExceptionHandler((thread, failure) -> ownHandled++);
        Thread other = new Thread(() -> {
            throw new UnsupportedOperationException("default handler");
        });
        own.start();
        other.start();
        own.join();
        other.join();
        if (ownHandled != 1 || defaultHandled != 1) {
            throw new AssertionError("a handler did not run before its thread ended");
        }
    }
}
