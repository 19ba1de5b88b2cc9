package examples.oracle;

/**
 * Issue 16, item 3a as reported: one thread exits with status 0 when it sees the first flag unset,
 * else sets the second; the other sets the first and fails when it sees the second unset. A run
 * whose exit comes first never lets the other thread run, but the failure is reachable.
 */
public class ExitUnlessWritten {
    static volatile int a;
    static volatile int b;

    public static void main(String[] args) {
        Thread exiter = new Thread(() -> {
            Noise.point();
            if (a == 0) {
                System.exit(0);
            }
            b = 1;
        });
        Thread checker = new Thread(() -> {
            a = 1;
            Noise.point();
            if (b == 0) {
                throw new AssertionError("b unset");
            }
        });
        exiter.start();
        checker.start();
    }
}
