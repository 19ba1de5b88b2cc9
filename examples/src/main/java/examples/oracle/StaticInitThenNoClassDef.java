package examples.oracle;

/**
 * Issue 16, item 6: main catches the ExceptionInInitializerError of a failing static initialiser;
 * a worker's later use of the class then fails with NoClassDefFoundError, uncaught.
 */
public class StaticInitThenNoClassDef {
    static volatile boolean caught;

    static final class Settings {
        static final String NAME = name();

        static String name() {
            throw new IllegalStateException("no settings");
        }
    }

    public static void main(String[] args) throws InterruptedException {
        try {
            System.out.println(Settings.NAME);
        } catch (ExceptionInInitializerError expected) {
            caught = true;
        }
        Thread worker = new Thread(() -> System.out.println(Settings.NAME.length()));
        worker.start();
        worker.join();
    }
}
