package examples.oracle;

/**
 * Issue 16, item 8: a constructor publishes {@code this} in a static field before it writes a final
 * field; a thread that reads the field through the escaped reference can see 0 (JLS 17.5 promises
 * nothing before the constructor ends).
 */
public class FinalFieldLeak {
    static volatile Point shared;

    static final class Point {
        final int x;

        Point() {
            shared = this;
            Noise.point();
            x = 42;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread reader = new Thread(() -> {
            Point p = shared;
            if (p != null && p.x == 0) {
                throw new AssertionError("saw the final field before the constructor wrote it");
            }
        });
        reader.start();
        new Point();
        reader.join();
    }
}
