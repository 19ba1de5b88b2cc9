package examples.oracle;

/**
 * Issue 16, item 6: a static initialiser that waits (Object.wait, in a loop) until main sets a flag;
 * the worker that triggered the initialisation waits inside it, and main, which never touches the
 * class, lets it go. Correct: the worker always sees the initialised value.
 */
public class StaticInitWaits {
    static final Object LOCK = new Object();
    static boolean ready;
    static int result;

    static final class Gate {
        static final int OPENED;

        static {
            synchronized (LOCK) {
                while (!ready) {
                    try {
                        LOCK.wait();
                    } catch (InterruptedException e) {
                        throw new IllegalStateException(e);
                    }
                }
            }
            OPENED = 1;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread worker = new Thread(() -> result = Gate.OPENED);
        worker.start();
        Noise.point();
        synchronized (LOCK) {
            ready = true;
            LOCK.notifyAll();
        }
        worker.join();
        if (result != 1) {
            throw new AssertionError("the worker saw the class before its initialiser ended");
        }
    }
}
