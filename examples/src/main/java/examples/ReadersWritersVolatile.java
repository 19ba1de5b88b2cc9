package examples;

/**
 * Readers and a writer excluding each other through flags (after the rw-vol program of the
 * memory-model-sensitive bytecode checking paper's Table 5): each side raises its flag, then enters
 * only if the other's is down, as in Dekker's entry. The writer's flag is volatile, the reader's is
 * not, and the data is plain. Correct under SC; under TSO, PSO and the JMM the reader's raised flag
 * can still be invisible when the writer looks, both enter, and the reader sees a half-done write.
 */
public class ReadersWritersVolatile {
    static volatile int writing;
    static int reading;
    static int first;
    static int second;

    public static void main(String[] args) throws InterruptedException {
        Thread writer = new Thread(() -> {
            writing = 1;
            if (reading == 0) {
                first = 1;
                second = 1;
            }
            writing = 0;
        });
        Thread reader = new Thread(() -> {
            reading = 1;
            if (writing == 0) {
                int a = first;
                int b = second;
                if (a != b) {
                    throw new AssertionError("read a half-done write: " + a + ", " + b);
                }
            }
            reading = 0;
        });
        writer.start();
        reader.start();
        writer.join();
        reader.join();
    }
}
