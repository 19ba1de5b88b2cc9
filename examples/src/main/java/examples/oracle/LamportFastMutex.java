package examples.oracle;

/**
 * Issue 16, item 2: Lamport's fast mutual exclusion algorithm for two threads, with volatile
 * variables (so plain runs stay sequentially consistent) and busy-wait awaits; correct.
 */
public class LamportFastMutex {
    static volatile int x;
    static volatile int y;
    static volatile boolean b1;
    static volatile boolean b2;
    static volatile int inside;
    static int entries;

    public static void main(String[] args) throws InterruptedException {
        Thread one = new Thread(() -> run(1));
        Thread two = new Thread(() -> run(2));
        one.start();
        two.start();
        one.join();
        two.join();
    }

    static void run(int me) {
        lock(me);
        inside = inside + 1;
        Noise.point();
        if (inside != 1) {
            throw new AssertionError("both threads in the critical section");
        }
        entries = entries + 1;
        inside = inside - 1;
        y = 0;
        setB(me, false);
    }

    static void lock(int me) {
        while (true) {
            setB(me, true);
            x = me;
            if (y != 0) {
                setB(me, false);
                awaitYFree();
                continue;
            }
            y = me;
            if (x != me) {
                setB(me, false);
                while (b1 || b2) {
                    Thread.onSpinWait();
                }
                if (y != me) {
                    awaitYFree();
                    continue;
                }
            }
            return;
        }
    }

    static void awaitYFree() {
        while (y != 0) {
            Thread.onSpinWait();
        }
    }

    static void setB(int me, boolean value) {
        if (me == 1) {
            b1 = value;
        } else {
            b2 = value;
        }
    }
}
