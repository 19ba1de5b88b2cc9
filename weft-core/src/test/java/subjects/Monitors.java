package subjects;

/** Nested (reentrant) synchronized blocks, synchronized methods, and a monitor left by an exception. */
public class Monitors {
    static int count;
    static String caught;

    synchronized void increment() {
        count++;
    }

    static synchronized void incrementStatic() {
        count++;
    }

    synchronized void fail() {
        throw new IllegalStateException("boom");
    }

    public static void main(String[] args) {
        Monitors m = new Monitors();
        synchronized (m) {
            synchronized (m) {
                count++;
            }
        }
        m.increment();
        incrementStatic();
        try {
            synchronized (m) {
                m.fail();
            }
        } catch (IllegalStateException e) {
            caught = e.getMessage();
        }
    }
}
