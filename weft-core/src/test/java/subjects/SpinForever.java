package subjects;

/** A worker spins for ever on nothing at all ({@code while (true) {}}): a livelock once main has ended. */
public class SpinForever {
    static int started;

    public static void main(String[] args) {
        Thread worker = new Thread(() -> {
            started = 1;
            while (true) {
                // nothing another thread could change
            }
        });
        worker.start();
    }
}
