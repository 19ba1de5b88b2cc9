package subjects.ends;

/**
 * One thread exits with status 0 unless it reads the other's first write; the exit cuts the writer
 * off wherever it is, so the final state is any prefix of its writes (under TSO/PSO also writes still
 * buffered, which the exit never publishes).
 */
public class ExitCutsWriter {
    static int a;
    static int b;

    public static void main(String[] args) {
        Thread writer = new Thread(() -> {
            a = 1;
            b = 1;
        });
        Thread exiter = new Thread(() -> {
            if (a == 0) {
                System.exit(0);
            }
            b = 2;
        });
        writer.start();
        exiter.start();
    }
}
