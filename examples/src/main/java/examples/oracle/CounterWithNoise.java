package examples.oracle;

/** Two unsynchronised read-then-write increments: the count ends 1 (lost update) or 2. No assertion. */
public class CounterWithNoise {
    static int count;

    public static void main(String[] args) throws InterruptedException {
        Thread one = new Thread(CounterWithNoise::increment);
        Thread two = new Thread(CounterWithNoise::increment);
        one.start();
        two.start();
        one.join();
        two.join();
    }

    static void increment() {
        int seen = count;
        Noise.point();
        count = seen + 1;
    }
}
