package examples;

/**
 * Double-checked locking without volatile. The creating thread's monitor exit drains its store
 * buffers, but under PSO the write of {@code instance} may be flushed before the constructor's
 * write of {@code port}; a thread that reads {@code instance} outside the lock in between sees
 * a configuration whose port is still 0. Correct under SC and TSO.
 */
public class DoubleCheckedLocking {
    static final class Configuration {
        int port;

        Configuration() {
            port = 8080;
        }
    }

    private static final Object LOCK = new Object();
    private static Configuration instance;

    static Configuration configuration() {
        Configuration current = instance;
        if (current == null) {
            synchronized (LOCK) {
                current = instance;
                if (current == null) {
                    current = new Configuration();
                    instance = current;
                }
            }
        }
        return current;
    }

    public static void main(String[] args) throws InterruptedException {
        Thread first = new Thread(DoubleCheckedLocking::usePort);
        Thread second = new Thread(DoubleCheckedLocking::usePort);
        first.start();
        second.start();
        first.join();
        second.join();
    }

    static void usePort() {
        int port = configuration().port;
        if (port != 8080) {
            throw new AssertionError("saw a partly constructed configuration: port = " + port);
        }
    }
}
