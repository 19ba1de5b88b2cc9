package examples.crosscheck;

/**
 * wait/notify on the class monitor: the consumer waits until the producer has published a value;
 * the producer then overwrites it, so the consumer sees 1 or 2.
 */
public class WaitNotifyHandoff {
    static boolean ready;
    static int value;
    static int seen;

    public static void main(String[] args) throws InterruptedException {
        Thread consumer = new Thread(WaitNotifyHandoff::consume);
        Thread producer = new Thread(() -> {
            publish();
            overwrite();
        });
        consumer.start();
        producer.start();
        consumer.join();
        producer.join();
    }

    static synchronized void publish() {
        value = 1;
        ready = true;
        WaitNotifyHandoff.class.notify();
    }

    static synchronized void overwrite() {
        value = 2;
    }

    static synchronized void consume() {
        while (!ready) {
            try {
                WaitNotifyHandoff.class.wait();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        }
        seen = value;
    }
}
