package examples.crosscheck;

/**
 * A spin loop with Thread.yield on a plain flag: the reader waits for the flag and then reads
 * data that the writer changes once more after raising it, so the reader sees 1 or 2.
 */
public class YieldSpinFlag {
    static int flag;
    static int data;
    static int seen;

    public static void main(String[] args) throws InterruptedException {
        Thread writer = new Thread(() -> {
            data = 1;
            flag = 1;
            data = 2;
        });
        Thread reader = new Thread(() -> {
            while (flag == 0) {
                Thread.yield();
            }
            seen = data;
        });
        writer.start();
        reader.start();
        writer.join();
        reader.join();
    }
}
