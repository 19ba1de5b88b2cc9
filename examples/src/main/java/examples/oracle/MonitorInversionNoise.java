package examples.oracle;

/** Two monitors taken in opposite orders, with a pause between them: a deadlock in some runs. */
public class MonitorInversionNoise {
    private static final Object A = new Object();
    private static final Object B = new Object();

    public static void main(String[] args) throws InterruptedException {
        Thread one = new Thread(() -> both(A, B));
        Thread two = new Thread(() -> both(B, A));
        one.start();
        two.start();
        one.join();
        two.join();
    }

    static void both(Object outer, Object inner) {
        synchronized (outer) {
            Noise.point();
            synchronized (inner) {
                Noise.point();
            }
        }
    }
}
