package examples;

/**
 * Deadlock: the producer sets {@code ready} but forgets to notify. If the consumer checks the
 * flag before the producer sets it, the consumer waits for a notification that never comes.
 */
public class MissedNotify {
    private static final Object MONITOR = new Object();
    static boolean ready;

    public static void main(String[] args) throws InterruptedException {
        Thread consumer = new Thread(MissedNotify::awaitReady);
        Thread producer = new Thread(MissedNotify::markReady);
        consumer.start();
        producer.start();
        consumer.join();
        producer.join();
    }

    static void awaitReady() {
        synchronized (MONITOR) {
            while (!ready) {
                try {
                    MONITOR.wait();
                } catch (InterruptedException e) {
                    throw new IllegalStateException("interrupted while waiting", e);
                }
            }
        }
    }

    static void markReady() {
        synchronized (MONITOR) {
            ready = true;
        }
    }
}
