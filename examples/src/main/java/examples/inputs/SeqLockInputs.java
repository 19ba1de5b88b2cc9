package examples.inputs;

import dev.weft.Weft;

/**
 * A sequence lock driver with an input (our own, after Maximal Path Causality §4.2): the writer makes
 * {@code w} updates of a pair that must stay equal, bumping the sequence number before and after each;
 * its last update, when it is the second (w = 2), forgets the first bump, so a reader can see a
 * torn pair under an even, unchanged sequence number.
 */
public class SeqLockInputs {
    static volatile int seq;
    static int left;
    static int right;
    /** The input, handed to the writer through memory (a lambda capturing it would hide it from the shadow execution). */
    static int w;

    public static void main(String[] args) throws InterruptedException {
        w = Weft.input("w", 1, 2);
        Thread writer = new Thread(SeqLockInputs::write);
        Thread reader = new Thread(SeqLockInputs::read);
        writer.start();
        reader.start();
        writer.join();
        reader.join();
    }

    static void write() {
        for (int update = 1; update <= w; update++) {
            if (update != 2) {
                seq = seq + 1;
            }
            left = update;
            right = update;
            seq = seq + 1;
        }
    }

    static void read() {
        int before = seq;
        int l = left;
        int r = right;
        int after = seq;
        if (before == after && (before & 1) == 0 && l != r) {
            throw new AssertionError("torn read: " + l + " / " + r + " at sequence " + before);
        }
    }
}
