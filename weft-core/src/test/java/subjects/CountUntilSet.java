package subjects;

/**
 * A worker counts while a flag nobody sets is unset: its loop's iterations differ only in the
 * counter, so no iteration repeats and the runtime cannot hold it; the loop bound cuts the run.
 */
public class CountUntilSet {
    static int flag;
    static long count;

    public static void main(String[] args) throws InterruptedException {
        Thread worker = new Thread(() -> {
            long counted = 0;
            while (flag == 0) {
                counted++;
            }
            count = counted;
        });
        worker.start();
        worker.join();
    }
}
