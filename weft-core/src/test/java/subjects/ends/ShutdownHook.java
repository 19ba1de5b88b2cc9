package subjects.ends;

/** Registers a shutdown hook, which Weft refuses: its thread would run in Weft's JVM, uncontrolled. */
public class ShutdownHook {
    static volatile boolean hookRan;

    public static void main(String[] args) {
        Runtime.getRuntime().addShutdownHook(new Thread(() -> hookRan = true));
    }
}
