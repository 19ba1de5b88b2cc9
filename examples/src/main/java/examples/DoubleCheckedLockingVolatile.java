package examples;

import java.util.function.Supplier;

/**
 * The fix of {@link DoubleCheckedLocking}: a lazily computed value held in a volatile field. The
 * volatile write drains the creating thread's buffers first, so whoever sees the value also sees
 * its fields. Correct under SC, TSO and PSO.
 */
public class DoubleCheckedLockingVolatile {
    static final class Lazy<T> {
        private final Supplier<T> factory;
        private volatile T value;

        Lazy(Supplier<T> factory) {
            this.factory = factory;
        }

        T get() {
            T seen = value;
            if (seen != null) {
                return seen;
            }
            synchronized (this) {
                if (value == null) {
                    value = factory.get();
                }
                return value;
            }
        }
    }

    static final class Connection {
        int timeoutSeconds;
    }

    public static void main(String[] args) throws InterruptedException {
        Lazy<Connection> connection = new Lazy<>(() -> {
            Connection fresh = new Connection();
            fresh.timeoutSeconds = 30;
            return fresh;
        });
        Runnable useConnection = () -> {
            int timeout = connection.get().timeoutSeconds;
            if (timeout != 30) {
                throw new AssertionError("saw a partly built connection: timeout = " + timeout);
            }
        };
        Thread first = new Thread(useConnection);
        Thread second = new Thread(useConnection);
        first.start();
        second.start();
        first.join();
        second.join();
    }
}
