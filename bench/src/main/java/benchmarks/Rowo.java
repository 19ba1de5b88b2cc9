package benchmarks;

/**
 * ARCHTEST-style "rowo" (reads and writes in program order, after Table 5 of the memory-model-sensitive
 * bytecode checking paper): the writer writes a, then b; the reader reads b, then a. Seeing the new b
 * with the old a needs the writes reordered (PSO); SC and TSO keep their order.
 */
public class Rowo {
    static int a;
    static int b;

    public static void main(String[] args) throws InterruptedException {
        Thread writer = new Thread(() -> {
            a = 1;
            b = 1;
        });
        Thread reader = new Thread(() -> {
            int seenB = b;
            int seenA = a;
            if (seenB == 1 && seenA == 0) {
                throw new AssertionError("b written after a was seen before it");
            }
        });
        writer.start();
        reader.start();
        writer.join();
        reader.join();
    }
}
