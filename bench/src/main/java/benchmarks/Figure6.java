package benchmarks;

/**
 * The PSO publication bug of Figure 6 of the MCR TSO/PSO paper (a simplification of its Figure 1),
 * looped {@code n} times. The writer builds a point (zeroed fields, then coordinates x and x + 1)
 * and publishes it through a plain static field; the reader checks p.x + 1 == p.y on whatever
 * point it sees. Under PSO the write of {@code published} can be flushed before the coordinate
 * writes, so the reader sees a half-built point. Correct under SC and TSO.
 *
 * <p>Departs from the paper's Figure 6 in one way: each iteration publishes a fresh point instead
 * of rewriting shared x, y and z, since rewriting shared coordinates would make the program fail
 * under SC as soon as n &gt; 1.
 */
final class Figure6 {
    static final class Point {
        int x;
        int y;

        Point() {
            x = 0;
            y = 0;
        }
    }

    static Point published;

    private Figure6() {
    }

    static void run(int n) throws InterruptedException {
        Thread writer = new Thread(() -> {
            for (int i = 1; i <= n; i++) {
                Point point = new Point();
                point.x = i;
                point.y = i + 1;
                published = point;
            }
        });
        Thread reader = new Thread(() -> {
            for (int i = 0; i < n; i++) {
                Point point = published;
                if (point != null && point.x + 1 != point.y) {
                    throw new AssertionError("half-built point: x = " + point.x + ", y = " + point.y);
                }
            }
        });
        writer.start();
        reader.start();
        writer.join();
        reader.join();
    }
}
