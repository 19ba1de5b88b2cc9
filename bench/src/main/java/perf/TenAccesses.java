package perf;

/** The runs-per-second benchmark's program: two threads, ten shared accesses each. */
public class TenAccesses {
    static int a;
    static int b;

    public static void main(String[] args) throws InterruptedException {
        Thread first = new Thread(() -> touch(true));
        Thread second = new Thread(() -> touch(false));
        first.start();
        second.start();
        first.join();
        second.join();
    }

    private static void touch(boolean first) {
        for (int i = 0; i < 5; i++) {
            if (first) {
                a = a + 1;
            } else {
                b = b + 1;
            }
        }
    }
}
