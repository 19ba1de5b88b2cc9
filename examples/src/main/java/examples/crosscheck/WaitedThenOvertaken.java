package examples.crosscheck;

/**
 * wait/notifyAll: two threads wait on a monitor for a gate to open; the first must not be overtaken
 * after it waited by the second, which found the gate already open. The bug needs the first thread's
 * check before the opening and the second's after it; without spurious wake-ups MCR missed it
 * (docs/mcr.md, "Prefix preservation").
 */
public class WaitedThenOvertaken {
    static boolean open;
    static int passOrder;

    public static void main(String[] args) throws InterruptedException {
        Thread first = new Thread(() -> pass(1));
        Thread second = new Thread(() -> pass(2));
        Thread opener = new Thread(WaitedThenOvertaken::openGate);
        first.start();
        second.start();
        opener.start();
        first.join();
        second.join();
        opener.join();
    }

    static synchronized void openGate() {
        open = true;
        WaitedThenOvertaken.class.notifyAll();
    }

    static synchronized void pass(int id) {
        boolean waited = false;
        while (!open) {
            waited = true;
            try {
                WaitedThenOvertaken.class.wait();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }
        if (id == 1 && waited && passOrder == 2) {
            throw new AssertionError("the first thread waited and was overtaken");
        }
        passOrder = passOrder * 10 + id;
    }
}
