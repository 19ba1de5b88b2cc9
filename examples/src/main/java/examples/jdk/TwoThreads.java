package examples.jdk;

/** Runs two actions in threads of their own (main.1 and main.2), started one after the other, and waits for both. */
public final class TwoThreads {
    private TwoThreads() {
    }

    public static void run(Runnable first, Runnable second) throws InterruptedException {
        Thread one = new Thread(first);
        Thread two = new Thread(second);
        one.start();
        two.start();
        one.join();
        two.join();
    }
}
