package examples.crosscheck;

/**
 * A spin loop that re-checks a plain flag inside {@code synchronized}: the reader leaves once the
 * writer raised the flag under the same monitor, then reads data the writer changes once more
 * outside it, so the reader sees 1 or 2.
 */
public class LockedSpinFlag {
    static final Object monitor = new Object();
    static boolean flag;
    static int data;
    static int seen;

    public static void main(String[] args) throws InterruptedException {
        Thread writer = new Thread(() -> {
            data = 1;
            synchronized (monitor) {
                flag = true;
            }
            data = 2;
        });
        Thread reader = new Thread(() -> {
            while (true) {
                synchronized (monitor) {
                    if (flag) {
                        break;
                    }
                }
            }
            seen = data;
        });
        reader.start();
        writer.start();
        writer.join();
        reader.join();
    }
}
