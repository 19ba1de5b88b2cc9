package examples.oracle;

/**
 * One thread ends the process with status 0 while another may or may not have written yet: the
 * final state is what the exit leaves. Correct (status 0 is not a bug).
 */
public class ExitZeroKeepsState {
    static volatile int a;
    static volatile int b;

    public static void main(String[] args) throws InterruptedException {
        Thread exiter = new Thread(() -> {
            a = 1;
            Noise.point();
            System.exit(0);
        });
        Thread writer = new Thread(() -> {
            Noise.point();
            b = 1;
        });
        exiter.start();
        writer.start();
        exiter.join();
        writer.join();
    }
}
