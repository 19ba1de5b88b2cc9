package subjects.ends;

/** A daemon spins for ever on a flag nobody sets; main writes and ends, which ends the run. Correct. */
public class DaemonSpinsForever {
    static volatile boolean stop;
    static int written;

    public static void main(String[] args) {
        Thread spinner = new Thread(() -> {
            while (!stop) {
                Thread.onSpinWait();
            }
        });
        spinner.setDaemon(true);
        spinner.start();
        written = 1;
    }
}
