package examples.inputs;

import dev.weft.Weft;

/**
 * An assumption rules inputs out: only even {@code n} are behaviours of this program, so its failure
 * for odd {@code n} is none (and a run with an odd {@code n} ends at {@code assume} without a bug).
 * A second thread races with main on {@code seen}, so the runs also differ in their interleavings.
 */
public class AssumedEven {
    static int seen;

    public static void main(String[] args) throws InterruptedException {
        int n = Weft.input("n", 0, 5);
        Thread other = new Thread(() -> seen = 1);
        other.start();
        Weft.assume(n % 2 == 0);
        if (n % 2 == 1) {
            throw new AssertionError("odd n = " + n + " (an assumption rules it out)");
        }
        other.join();
    }
}
