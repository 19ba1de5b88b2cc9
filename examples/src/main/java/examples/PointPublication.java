package examples;

/**
 * The PSO bug of Figure 1 of the MCR TSO/PSO paper (the electron-microscope program), bounded to
 * two updates: main repeatedly publishes {@code new Point(x + 1, y + 1)} through a plain static
 * field while a reader checks {@code p.x + 1 == p.y}. Under PSO the write of {@code current} can be
 * flushed before the constructor's writes, and the reader sees a point with zero coordinates.
 * Correct under SC and TSO.
 */
public class PointPublication {
    // Not final, as in the paper: final fields would get the JVM's freeze barrier, which is the fix.
    static final class Point {
        int x;
        int y;

        Point(int x, int y) {
            this.x = x;
            this.y = y;
        }
    }

    static Point current = new Point(1, 2);

    public static void main(String[] args) throws InterruptedException {
        Thread reader = new Thread(() -> {
            for (int i = 0; i < 2; i++) {
                Point seen = current;
                if (seen.x + 1 != seen.y) {
                    throw new AssertionError("inconsistent point: x = " + seen.x + ", y = " + seen.y);
                }
            }
        });
        reader.start();
        for (int i = 0; i < 2; i++) {
            current = new Point(current.x + 1, current.y + 1);
        }
        reader.join();
    }
}
