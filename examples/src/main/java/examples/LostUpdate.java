package examples;

/**
 * The README demo: two threads increment a shared counter without synchronisation, so one
 * increment can overwrite the other and main sees 1 instead of 2.
 */
public class LostUpdate {
    static int counter;

    static final class Incrementer extends Thread {
        @Override
        public void run() {
            counter = counter + 1;
        }
    }

    public static void main(String[] args) throws InterruptedException {
        Thread first = new Incrementer();
        Thread second = new Incrementer();
        first.start();
        second.start();
        first.join();
        second.join();
        if (counter != 2) {
            throw new AssertionError("lost update: counter = " + counter + ", expected 2");
        }
    }
}
