package examples;

/**
 * The three-thread example of the MCR talk slides (also "RVExample" in the TSO/PSO paper): the
 * error needs x = 2 and y = 3 at once, which takes a schedule with seven context switches.
 */
public class SlidesExample {
    private static final Object LOCK = new Object();
    static int x;
    static int y;

    public static void main(String[] args) throws InterruptedException {
        Thread t1 = new Thread(SlidesExample::setBoth);
        Thread t2 = new Thread(SlidesExample::resetThenBump);
        Thread t3 = new Thread(SlidesExample::check);
        t1.start();
        t2.start();
        t3.start();
        t1.join();
        t2.join();
        t3.join();
    }

    static void setBoth() {
        for (int i = 0; i < 2; i++) {
            synchronized (LOCK) {
                x = 1;
                y = 1;
            }
        }
    }

    static void resetThenBump() {
        for (int i = 0; i < 2; i++) {
            synchronized (LOCK) {
                x = 0;
            }
            if (x > 0) {
                y++;
                x = 2;
            }
        }
    }

    static void check() {
        for (int i = 0; i < 2; i++) {
            if (x > 1) {
                if (y == 3) {
                    throw new AssertionError("error: x > 1 and y == 3");
                }
                y = 2;
            }
        }
    }
}
