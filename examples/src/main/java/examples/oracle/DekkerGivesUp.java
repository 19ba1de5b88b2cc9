package examples.oracle;

/**
 * Issue 16, item 1: Dekker-style entry whose spin loops give up after a few tries and enter the
 * critical section anyway, so both threads can be inside at once.
 */
public class DekkerGivesUp {
    static volatile boolean wantFirst;
    static volatile boolean wantSecond;
    static volatile int inside;

    public static void main(String[] args) throws InterruptedException {
        Thread first = new Thread(() -> enter(true));
        Thread second = new Thread(() -> enter(false));
        first.start();
        second.start();
        first.join();
        second.join();
    }

    static void enter(boolean isFirst) {
        if (isFirst) {
            wantFirst = true;
        } else {
            wantSecond = true;
        }
        int tries = 0;
        while (isFirst ? wantSecond : wantFirst) {
            if (++tries > 2) {
                break;
            }
        }
        inside = inside + 1;
        Noise.point();
        if (inside != 1) {
            throw new AssertionError("both threads in the critical section");
        }
        inside = inside - 1;
        if (isFirst) {
            wantFirst = false;
        } else {
            wantSecond = false;
        }
    }
}
