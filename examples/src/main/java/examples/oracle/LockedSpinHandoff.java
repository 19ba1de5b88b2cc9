package examples.oracle;

/**
 * Issue 16, item 2: a spin loop that re-checks its flag inside a monitor, so that while it is held
 * back the setter waits for the monitor it holds; a third thread writes data without the lock.
 * What the spinner read of the data varies. Correct.
 */
public class LockedSpinHandoff {
    private static final Object LOCK = new Object();
    static boolean flag;
    static volatile int data;
    static int seen;

    public static void main(String[] args) throws InterruptedException {
        Thread spinner = new Thread(() -> {
            while (true) {
                synchronized (LOCK) {
                    if (flag) {
                        seen = data;
                        return;
                    }
                }
            }
        });
        Thread setter = new Thread(() -> {
            Noise.point();
            synchronized (LOCK) {
                flag = true;
            }
        });
        spinner.start();
        setter.start();
        Noise.point();
        data = 1;
        spinner.join();
        setter.join();
    }
}
