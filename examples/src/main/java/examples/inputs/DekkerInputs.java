package examples.inputs;

import dev.weft.Weft;

/**
 * Dekker's mutual exclusion with an input (our own, after Maximal Path Causality §4.2): a thread whose
 * {@code patience} input is 0 enters without waiting for its turn after backing off, which lets both
 * threads into the critical section together.
 */
public class DekkerInputs {
    static volatile boolean wantsA;
    static volatile boolean wantsB;
    static volatile int turn;
    static volatile int inside;

    public static void main(String[] args) throws InterruptedException {
        Thread a = new Thread(() -> enter(0, Weft.input("patienceA", 0, 2)));
        Thread b = new Thread(() -> enter(1, Weft.input("patienceB", 0, 2)));
        a.start();
        b.start();
        a.join();
        b.join();
    }

    static void enter(int me, int patience) {
        setWants(me, true);
        while (wants(1 - me)) {
            if (turn != me) {
                setWants(me, false);
                if (patience == 0) {
                    break; // the impatient shortcut: in without the turn
                }
                while (turn != me) {
                    Thread.onSpinWait();
                }
                setWants(me, true);
            }
        }
        inside = inside + 1;
        if (inside > 1) {
            throw new AssertionError("both threads inside");
        }
        inside = inside - 1;
        turn = 1 - me;
        setWants(me, false);
    }

    static boolean wants(int thread) {
        return thread == 0 ? wantsA : wantsB;
    }

    static void setWants(int thread, boolean value) {
        if (thread == 0) {
            wantsA = value;
        } else {
            wantsB = value;
        }
    }
}
