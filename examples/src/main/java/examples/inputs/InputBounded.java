package examples.inputs;

import dev.weft.Weft;

/**
 * No bug for any input and any interleaving: each thread adds the input n to the total under a lock
 * when n > 5, so the total is 0 or 2n, never out of 0..20. The mpc strategy covers every input
 * (two input classes) and says so.
 */
public class InputBounded {
    static int total;
    static final Object LOCK = new Object();

    public static void main(String[] args) throws InterruptedException {
        Thread a = new Thread(InputBounded::add);
        Thread b = new Thread(InputBounded::add);
        a.start();
        b.start();
        a.join();
        b.join();
        if (total < 0 || total > 20) {
            throw new AssertionError("total out of range");
        }
    }

    static void add() {
        int n = Weft.input("n", 0, 10);
        if (n > 5) {
            synchronized (LOCK) {
                total = total + n;
            }
        }
    }
}
