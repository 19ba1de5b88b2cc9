package examples.inputs;

import dev.weft.Weft;

/**
 * Our own version of the motivating example of Maximal Path Causality (Yi and Huang, ESEC/FSE 2018,
 * §2.1, M0; with an argument k, the variant M_k of §4.1): the crash needs the inputs i = 3 and
 * j = 2 and one interleaving together. T2's write of 100 to x must come before T1's increment,
 * which must come before T3's check; T1's reset of y must come before both of T2's increments, and
 * both before T3 reads y. Each of the k extra threads reads an input and adds to x only when it is 10,
 * and the check then asks for x == k + 101.
 */
public class InputAndSchedule {
    static int x;
    static int y;
    static final Object LOCK = new Object();

    public static void main(String[] args) throws InterruptedException {
        int extra = args.length > 0 ? Integer.parseInt(args[0]) : 0;
        Thread[] threads = new Thread[3 + extra];
        threads[0] = new Thread(InputAndSchedule::first);
        threads[1] = new Thread(InputAndSchedule::second);
        threads[2] = new Thread(() -> check(extra));
        for (int n = 0; n < extra; n++) {
            String name = "k" + (n + 1);
            threads[3 + n] = new Thread(() -> {
                int k = Weft.input(name, 0, 10);
                if (k == 10) {
                    synchronized (LOCK) {
                        x++;
                    }
                }
            });
        }
        for (Thread t : threads) {
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
    }

    static void first() {
        int i = Weft.input("i", 0, 10);
        if (i == 3) {
            x = x + 1;
        }
        synchronized (LOCK) {
            y = 0;
        }
    }

    static void second() {
        x = 100;
        int j = Weft.input("j", 0, 2);
        while (j > 0) {
            synchronized (LOCK) {
                y = y + 1;
            }
            j--;
        }
    }

    static void check(int extra) {
        if (x == extra + 101) {
            int seen;
            synchronized (LOCK) {
                seen = y;
            }
            if (seen == 2) {
                throw new IllegalStateException("crash: x = " + x + ", y = " + seen);
            }
        }
    }
}
