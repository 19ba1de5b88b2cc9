package examples.oracle;

/**
 * Issue 16, item 2: a thread spins (a bounded number of times) while it holds a monitor that another
 * thread is waiting to enter; main sets the flag it spins on. Whether the spinner saw the flag, and
 * in which order the two monitor holders ran, vary. Correct.
 */
public class LockHeldSpin {
    private static final Object LOCK = new Object();
    static volatile int flag;
    static int seen;
    static int order;

    public static void main(String[] args) throws InterruptedException {
        Thread spinner = new Thread(() -> {
            synchronized (LOCK) {
                int tries = 0;
                while (flag == 0 && tries < 3) {
                    tries++;
                }
                seen = flag;
                order = order * 10 + 1;
            }
        });
        Thread waiter = new Thread(() -> {
            Noise.point();
            synchronized (LOCK) {
                order = order * 10 + 2;
            }
        });
        spinner.start();
        waiter.start();
        Noise.point();
        flag = 1;
        spinner.join();
        waiter.join();
    }
}
