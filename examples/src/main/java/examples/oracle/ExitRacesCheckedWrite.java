package examples.oracle;

/**
 * One thread exits with status 0 while a writer publishes a value and main fails when it sees it:
 * the failure needs the write and main's check both before the exit.
 */
public class ExitRacesCheckedWrite {
    static volatile int value;

    public static void main(String[] args) {
        Thread exiter = new Thread(() -> {
            Noise.point();
            System.exit(0);
        });
        Thread writer = new Thread(() -> {
            Noise.point();
            value = 1;
        });
        exiter.start();
        writer.start();
        Noise.point();
        if (value == 1) {
            throw new AssertionError("saw the write before the exit");
        }
    }
}
