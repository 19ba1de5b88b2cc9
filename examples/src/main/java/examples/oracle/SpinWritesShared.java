package examples.oracle;

/**
 * An impure busy-wait that writes shared memory on every iteration (the same value each time).
 * Correct; whether the waiter wrote its mark before the flag came varies.
 */
public class SpinWritesShared {
    static volatile boolean ready;
    static volatile boolean marked;

    public static void main(String[] args) throws InterruptedException {
        Thread waiter = new Thread(() -> {
            while (!ready) {
                marked = true;
            }
        });
        waiter.start();
        Noise.point();
        ready = true;
        waiter.join();
    }
}
