package examples;

/**
 * Livelock: the worker spins until main sets {@code started}, but main forgets to. Every run ends
 * with the worker spinning on a location nobody will write again.
 */
public class SpinWithoutSignal {
    static boolean started;

    public static void main(String[] args) {
        Thread worker = new Thread(() -> {
            while (!started) {
                Thread.yield();
            }
        });
        worker.start();
    }
}
