package examples.oracle;

/** Two threads race to initialise a class; its initialiser runs once and both see its value. Correct. */
public class StaticInitOnce {
    static volatile int initialisations;
    static int sum;

    static final class Lazy {
        static final int VALUE = compute();

        static int compute() {
            initialisations = initialisations + 1;
            Noise.point();
            return 21;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        int[] seen = new int[2];
        Thread one = new Thread(() -> seen[0] = Lazy.VALUE);
        Thread two = new Thread(() -> seen[1] = Lazy.VALUE);
        one.start();
        two.start();
        one.join();
        two.join();
        sum = seen[0] + seen[1];
    }
}
