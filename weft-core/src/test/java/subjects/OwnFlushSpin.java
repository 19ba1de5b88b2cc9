package subjects;

/**
 * A busy-wait loop that reads back a write still in its own store buffer: under TSO and PSO the
 * runtime lets the spinner re-read {@code flag} once that write is flushed, so whether the flush
 * comes before or after the loop's reads decides how often it spins.
 */
public class OwnFlushSpin {
    static int flag;
    static int turn;

    public static void main(String[] args) throws InterruptedException {
        Thread spinner = new Thread(() -> {
            turn = 1;
            while (flag == 1 && turn == 1) {
                // busy wait
            }
        });
        Thread toggler = new Thread(() -> {
            flag = 1;
            flag = 0;
        });
        spinner.start();
        toggler.start();
        spinner.join();
        toggler.join();
    }
}
