package examples.oracle;

/** A final field published safely, after its constructor ended, through a volatile field. Correct. */
public class FinalFieldSafe {
    static volatile Point shared;
    static int seen;

    static final class Point {
        final int x;

        Point(int x) {
            this.x = x;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread reader = new Thread(() -> {
            Noise.point();
            Point p = shared;
            seen = p == null ? -1 : p.x;
        });
        reader.start();
        shared = new Point(42);
        reader.join();
    }
}
