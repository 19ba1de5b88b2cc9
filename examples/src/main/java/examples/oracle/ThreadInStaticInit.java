package examples.oracle;

/**
 * Issue 16, item 6: a static initialiser starts a thread (which does not wait for the class); that
 * thread and main race on a field of the main class. Correct; the final value varies.
 */
public class ThreadInStaticInit {
    static volatile int touched;

    static final class Registry {
        static int registered;

        static {
            new Thread(() -> touched = 1).start();
            registered = 1;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread user = new Thread(() -> {
            if (Registry.registered != 1) {
                throw new AssertionError("registry not initialised");
            }
        });
        user.start();
        Noise.point();
        touched = 2;
        user.join();
    }
}
