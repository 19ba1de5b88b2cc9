package subjects;

/** A worker initialises a class through reflection while main waits for it: no hook sees that trigger. */
public class ReflectiveInit {
    static int seen;

    static final class Late {
        static int value = compute();

        static int compute() {
            return 3;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread worker = new Thread(() -> {
            try {
                Class.forName(Late.class.getName());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(e);
            }
        });
        worker.start();
        worker.join();
        seen = Late.value;
    }
}
