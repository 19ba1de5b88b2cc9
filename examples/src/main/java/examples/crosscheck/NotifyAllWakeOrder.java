package examples.crosscheck;

/**
 * wait/notifyAll with three threads: two waiters wait on the class monitor for a gate to open and
 * record the order in which they pass it; a waiter arriving after the opening does not wait.
 */
public class NotifyAllWakeOrder {
    static boolean open;
    static int passOrder;

    public static void main(String[] args) throws InterruptedException {
        Thread first = new Thread(() -> pass(1));
        Thread second = new Thread(() -> pass(2));
        Thread opener = new Thread(NotifyAllWakeOrder::openGate);
        first.start();
        second.start();
        opener.start();
        first.join();
        second.join();
        opener.join();
    }

    static synchronized void openGate() {
        open = true;
        NotifyAllWakeOrder.class.notifyAll();
    }

    static synchronized void pass(int id) {
        while (!open) {
            try {
                NotifyAllWakeOrder.class.wait();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }
        passOrder = passOrder * 10 + id;
    }
}
