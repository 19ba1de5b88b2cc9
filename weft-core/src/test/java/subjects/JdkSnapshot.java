package subjects;

import java.util.Arrays;

/**
 * Main snapshots, through {@code Arrays.toString}, an array another thread writes, then reads the
 * first element again with an instrumented read. Under TSO the snapshot never shows the second
 * write without the first; under PSO it can. Under every model the later read never sees an older
 * value than the snapshot did.
 */
public class JdkSnapshot {
    static final int[] pair = new int[2];
    static int tick;
    static volatile String snapshot;
    static volatile int firstAgain;

    public static void main(String[] args) throws Exception {
        Thread writer = new Thread(() -> {
            pair[0] = 1;
            pair[1] = 1;
        });
        writer.start();
        int unused = tick; // a scheduling point right before the JDK read
        snapshot = Arrays.toString(pair);
        firstAgain = pair[0];
        writer.join();
    }
}
