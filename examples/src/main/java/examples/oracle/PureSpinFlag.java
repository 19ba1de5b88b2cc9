package examples.oracle;

/** A pure busy-wait (its iterations differ only by what they read) that hands over data; correct. */
public class PureSpinFlag {
    static int data;
    static volatile boolean ready;
    static int seen;

    public static void main(String[] args) throws InterruptedException {
        Thread reader = new Thread(() -> {
            while (!ready) {
                Thread.onSpinWait();
            }
            seen = data;
        });
        reader.start();
        Noise.point();
        data = 42;
        ready = true;
        reader.join();
    }
}
