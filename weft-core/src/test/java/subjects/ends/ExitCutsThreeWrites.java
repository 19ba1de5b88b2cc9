package subjects.ends;

/**
 * A writer writes three fields while another thread exits when it sees the last one unset: under
 * PSO the exit may cut off any subset of the writer's buffered writes, in any order of their flushes.
 */
public class ExitCutsThreeWrites {
    static int a;
    static int b;
    static int c;

    public static void main(String[] args) {
        Thread writer = new Thread(() -> {
            a = 1;
            b = 1;
            c = 1;
        });
        Thread exiter = new Thread(() -> {
            if (c == 0) {
                System.exit(0);
            }
            a = 2;
        });
        writer.start();
        exiter.start();
    }
}
