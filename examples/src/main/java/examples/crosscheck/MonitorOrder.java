package examples.crosscheck;

/** A monitor: each thread appends its id to {@code order} in a synchronized method; the result is 12 or 21. */
public class MonitorOrder {
    static int order;

    public static void main(String[] args) throws InterruptedException {
        Thread first = new Thread(() -> append(1));
        Thread second = new Thread(() -> append(2));
        first.start();
        second.start();
        first.join();
        second.join();
    }

    static synchronized void append(int id) {
        order = order * 10 + id;
    }
}
