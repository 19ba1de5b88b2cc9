package examples.oracle;

/**
 * Nested loops, as in Bakery: for each slot in turn the consumer busy-waits until the producer has
 * filled it, so the inner loop is entered again with another slot. The producer fills them in the
 * other order. Correct: the consumer always sums both.
 */
public class NestedSpins {
    static volatile int first;
    static volatile int second;
    static int sum;

    public static void main(String[] args) throws InterruptedException {
        Thread consumer = new Thread(() -> {
            int total = 0;
            for (int slot = 0; slot < 2; slot++) {
                while (value(slot) == 0) {
                    Thread.onSpinWait();
                }
                total += value(slot);
            }
            sum = total;
        });
        consumer.start();
        second = 2;
        Noise.point();
        first = 1;
        consumer.join();
    }

    static int value(int slot) {
        return slot == 0 ? first : second;
    }
}
