package benchmarks;

/**
 * ARCHTEST-style "po" (program order): two threads each write their own location and then read the
 * other's, twice over with two pairs of locations, so that a reordering in either thread, at either
 * pair, shows as both threads reading the old value. Correct under SC.
 */
public class ProgramOrder {
    static int x;
    static int y;
    static int u;
    static int v;

    public static void main(String[] args) throws InterruptedException {
        int[] seen = new int[4];
        Thread first = new Thread(() -> {
            x = 1;
            seen[0] = y;
            u = 1;
            seen[2] = v;
        });
        Thread second = new Thread(() -> {
            y = 1;
            seen[1] = x;
            v = 1;
            seen[3] = u;
        });
        first.start();
        second.start();
        first.join();
        second.join();
        if (seen[0] == 0 && seen[1] == 0 || seen[2] == 0 && seen[3] == 0) {
            throw new AssertionError("both threads read the other's location before its write: a write overtaken by a later read");
        }
    }
}
