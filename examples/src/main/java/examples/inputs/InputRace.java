package examples.inputs;

import dev.weft.Weft;

/**
 * Two bugs that each need an input value and an interleaving: the reader sees 2 (or 3) only when
 * the input is 2 (or 3) and the writer runs first. For the mpc strategy's soundness test: its bugs
 * must be the union of dpor's over every input value.
 */
public class InputRace {
    static int x;

    public static void main(String[] args) throws InterruptedException {
        Thread writer = new Thread(InputRace::write);
        Thread reader = new Thread(InputRace::read);
        writer.start();
        reader.start();
        writer.join();
        reader.join();
    }

    static void write() {
        int n = Weft.input("n", 0, 3);
        if (n > 1) {
            x = n;
        }
    }

    static void read() {
        int seen = x;
        if (seen == 2) {
            throw new IllegalStateException("saw two");
        }
        if (seen == 3) {
            throw new AssertionError("saw three");
        }
    }
}
