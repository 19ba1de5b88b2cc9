package examples.oracle;

/** Issue 16, item 3c: two threads, each with a bug of its own; which one fails first varies. */
public class TwoThreadsTwoBugs {
    static volatile int x;
    static volatile int y;

    public static void main(String[] args) throws InterruptedException {
        Thread left = new Thread(() -> {
            Noise.point();
            if (x == 0) {
                throw new AssertionError("x unset");
            }
        });
        Thread right = new Thread(() -> {
            Noise.point();
            if (y == 0) {
                throw new AssertionError("y unset");
            }
        });
        left.start();
        right.start();
        left.join();
        right.join();
    }
}
