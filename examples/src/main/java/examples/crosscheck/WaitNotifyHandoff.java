package examples.crosscheck;

/**
 * wait/notify: the consumer waits until the producer has published a value; the producer then
 * overwrites it, so the consumer sees 1 or 2.
 */
public class WaitNotifyHandoff {
    private static final Object MONITOR = new Object();
    static boolean ready;
    static int value;
    static int seen;

    public static void main(String[] args) throws InterruptedException {
        Thread consumer = new Thread(WaitNotifyHandoff::consume);
        Thread producer = new Thread(WaitNotifyHandoff::produce);
        consumer.start();
        producer.start();
        consumer.join();
        producer.join();
    }

    static void produce() {
        synchronized (MONITOR) {
            value = 1;
            ready = true;
            MONITOR.notify();
        }
        synchronized (MONITOR) {
            value = 2;
        }
    }

    static void consume() {
        synchronized (MONITOR) {
            while (!ready) {
                try {
                    MONITOR.wait();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            }
            seen = value;
        }
    }
}
