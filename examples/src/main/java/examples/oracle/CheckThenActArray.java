package examples.oracle;

/**
 * Three threads append to a two-slot array after checking its size without a lock: two can pass the
 * check for the last slot, and the second writes past the end.
 */
public class CheckThenActArray {
    static final int[] ITEMS = new int[2];
    static int size;

    public static void main(String[] args) throws InterruptedException {
        Thread[] adders = new Thread[3];
        for (int i = 0; i < adders.length; i++) {
            int id = i + 1;
            adders[i] = new Thread(() -> add(id));
            adders[i].start();
        }
        for (Thread adder : adders) {
            adder.join();
        }
    }

    static void add(int id) {
        if (size < ITEMS.length) {
            Noise.point();
            ITEMS[size] = id;
            size = size + 1;
        }
    }
}
