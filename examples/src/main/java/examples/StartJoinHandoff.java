package examples;

/**
 * Plain fields handed between threads only by start and join: main fills the data before starting
 * the worker, the worker doubles it, main reads it after joining. No data race.
 */
public class StartJoinHandoff {
    static int data;
    static int result;

    public static void main(String[] args) throws InterruptedException {
        data = 21;
        Thread worker = new Thread(() -> data = data * 2);
        worker.start();
        worker.join();
        result = data;
        if (result != 42) {
            throw new AssertionError("result = " + result);
        }
    }
}
