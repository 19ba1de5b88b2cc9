package examples.oracle;

/**
 * An impure busy-wait: the loop counts its iterations in a local that is used after the loop, so its
 * iterations differ by more than what they read. Correct; whether the reader waited at all varies.
 */
public class SpinCountsLocally {
    static volatile boolean ready;
    static boolean waited;

    public static void main(String[] args) throws InterruptedException {
        Thread reader = new Thread(() -> {
            int spins = 0;
            while (!ready) {
                spins++;
            }
            waited = spins > 0;
        });
        reader.start();
        Noise.point();
        ready = true;
        reader.join();
    }
}
