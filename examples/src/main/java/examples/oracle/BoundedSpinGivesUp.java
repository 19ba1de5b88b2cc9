package examples.oracle;

/**
 * Issue 16, item 1: a waiter spins on a flag a bounded number of times and then gives up; if it gave
 * up before main set the flag, it fails. The loop's iterations differ by a local counter, not by what
 * they read, so a rule that holds back a thread re-reading unchanged values hides the failure.
 */
public class BoundedSpinGivesUp {
    static volatile int flag;

    public static void main(String[] args) throws InterruptedException {
        Thread waiter = new Thread(BoundedSpinGivesUp::awaitFlag);
        waiter.start();
        Noise.point();
        flag = 1;
        waiter.join();
    }

    static void awaitFlag() {
        int n = 0;
        while (flag == 0) {
            if (n++ > 1) {
                break;
            }
        }
        if (flag == 0) {
            throw new AssertionError("gave up before the flag was set");
        }
    }
}
