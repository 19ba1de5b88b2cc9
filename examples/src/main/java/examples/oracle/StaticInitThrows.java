package examples.oracle;

/**
 * Issue 16, item 6: a static initialiser that throws. Whichever thread touches the class first gets
 * ExceptionInInitializerError, the other NoClassDefFoundError; both are uncaught, so the run's bug is
 * at the line of whichever thread fails first.
 */
public class StaticInitThrows {
    static final class Config {
        static final int PORT = port();

        static int port() {
            Noise.point();
            throw new IllegalStateException("no port configured");
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread one = new Thread(() -> {
            Noise.point();
            System.out.println(Config.PORT);
        });
        Thread two = new Thread(() -> {
            Noise.point();
            System.out.println(Config.PORT + 1);
        });
        one.start();
        two.start();
        one.join();
        two.join();
    }
}
