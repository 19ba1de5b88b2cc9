package examples.oracle;

/** Increments in synchronized static methods; the order of the two threads' marks varies, the count does not. Correct. */
public class SynchronizedMethodsCounter {
    static int count;
    static int order;

    public static void main(String[] args) throws InterruptedException {
        Thread one = new Thread(() -> add(1));
        Thread two = new Thread(() -> add(2));
        one.start();
        two.start();
        one.join();
        two.join();
    }

    static synchronized void add(int id) {
        int seen = count;
        Noise.point();
        count = seen + 1;
        order = order * 10 + id;
    }
}
