package examples.oracle;

/**
 * A static initialiser that blocks: it enters a monitor main holds, so the worker that triggered it
 * waits inside the initialiser until main lets go. Correct; the value it copies is always main's.
 */
public class StaticInitBlocksOnLock {
    static final Object LOCK = new Object();
    static int value;

    static final class Holder {
        static final int COPY;

        static {
            synchronized (LOCK) {
                COPY = value;
            }
        }
    }

    public static void main(String[] args) throws InterruptedException {
        int[] seen = new int[1];
        Thread worker = new Thread(() -> seen[0] = Holder.COPY);
        synchronized (LOCK) {
            worker.start();
            Noise.point();
            value = 1;
        }
        worker.join();
        if (seen[0] != 1) {
            throw new AssertionError("the initialiser ran before main set the value");
        }
    }
}
