package examples.crosscheck;

/**
 * Two threads pass a gate that a third opens, each under one lock: a thread that finds the gate shut
 * lets go of the lock and tries once more. The first thread must not find, on its retry, that the
 * second passed in between. The bug needs the first thread's check to come before the opening while
 * the second's comes after it: an MCR that keeps an earlier seed's holdings of the lock before every
 * later read missed it (docs/mcr.md, "Prefix preservation").
 */
public class RetryAfterRelease {
    private static final Object GATE = new Object();
    static boolean open;
    static int passOrder;

    public static void main(String[] args) throws InterruptedException {
        Thread first = new Thread(() -> pass(1));
        Thread second = new Thread(() -> pass(2));
        Thread opener = new Thread(RetryAfterRelease::openGate);
        first.start();
        second.start();
        opener.start();
        first.join();
        second.join();
        opener.join();
    }

    static void openGate() {
        synchronized (GATE) {
            open = true;
        }
    }

    static void pass(int id) {
        synchronized (GATE) {
            if (open) {
                passOrder = passOrder * 10 + id;
                return;
            }
        }
        synchronized (GATE) {
            if (!open) {
                return;
            }
            if (id == 1 && passOrder == 2) {
                throw new AssertionError("the first thread retried and the second passed in between");
            }
            passOrder = passOrder * 10 + id;
        }
    }
}
