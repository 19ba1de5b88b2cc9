package examples.crosscheck;

/**
 * wait/notifyAll with three threads: two waiters wait for a gate to open and record the order in
 * which they pass it; a waiter that arrives after the opening passes without waiting.
 */
public class NotifyAllWakeOrder {
    private static final Object GATE = new Object();
    static boolean open;
    static int passOrder;

    public static void main(String[] args) throws InterruptedException {
        Thread first = new Thread(() -> pass(1));
        Thread second = new Thread(() -> pass(2));
        Thread opener = new Thread(() -> {
            synchronized (GATE) {
                open = true;
                GATE.notifyAll();
            }
        });
        first.start();
        second.start();
        opener.start();
        first.join();
        second.join();
        opener.join();
    }

    static void pass(int id) {
        synchronized (GATE) {
            while (!open) {
                try {
                    GATE.wait();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }
            passOrder = passOrder * 10 + id;
        }
    }
}
