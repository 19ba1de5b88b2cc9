package examples;

/**
 * Unsafe publication in the style of Figure 6 of the MCR TSO/PSO paper: the writer sets a point's
 * coordinates and then a flag saying the point is complete. Under SC and TSO the flag becomes
 * visible last; under PSO it can be flushed before the coordinates and the reader sees a half-built
 * point.
 */
public class PublicationPSO {
    static int x;
    static int y;
    static int complete;

    public static void main(String[] args) throws InterruptedException {
        Thread writer = new Thread(() -> {
            x = 1;
            y = 2;
            complete = 1;
        });
        Thread reader = new Thread(() -> {
            if (complete == 1 && x + 1 != y) {
                throw new AssertionError("half-constructed point: x = " + x + ", y = " + y);
            }
        });
        writer.start();
        reader.start();
        writer.join();
        reader.join();
    }
}
