package subjects;

/** Two threads store the same string literal in shared fields: the JVM hands both the one interned instance. */
public class SharedLiteral {
    static Object left;
    static Object right;

    public static void main(String[] args) throws InterruptedException {
        Thread other = new Thread(() -> left = "USER");
        other.start();
        right = "USER";
        other.join();
    }
}
