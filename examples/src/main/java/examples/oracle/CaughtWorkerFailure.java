package examples.oracle;

/** Workers catch their own failures and count them without a lock: no bug, but the count can be lost. */
public class CaughtWorkerFailure {
    static int failures;

    public static void main(String[] args) throws InterruptedException {
        Thread one = new Thread(CaughtWorkerFailure::work);
        Thread two = new Thread(CaughtWorkerFailure::work);
        one.start();
        two.start();
        one.join();
        two.join();
    }

    static void work() {
        try {
            throw new IllegalStateException("expected");
        } catch (IllegalStateException e) {
            int seen = failures;
            Noise.point();
            failures = seen + 1;
        }
    }
}
