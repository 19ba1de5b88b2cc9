package examples.oracle;

/**
 * Issue 16, item 3a: one thread ends the process with status 0 when it sees the first flag unset,
 * another fails when it sees the second flag unset. A run in which the exit comes first never shows
 * the other thread's failure, but other runs do.
 */
public class ExitRacesAssertion {
    static volatile boolean first;
    static volatile boolean second;

    public static void main(String[] args) throws InterruptedException {
        Thread exiter = new Thread(() -> {
            Noise.point();
            if (!first) {
                System.exit(0);
            }
        });
        Thread checker = new Thread(() -> {
            Noise.point();
            if (!second) {
                throw new AssertionError("second flag unset");
            }
        });
        exiter.start();
        checker.start();
        Noise.point();
        first = true;
        second = true;
        exiter.join();
        checker.join();
    }
}
