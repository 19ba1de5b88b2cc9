package examples.juc;

import java.util.concurrent.Phaser;

/** A worker writes, then arriveAndDeregister; the main party awaits the phase and reads the write: always there. */
public class PhaserDeregister {
    private static int written;

    public static void main(String[] args) throws InterruptedException {
        Phaser phaser = new Phaser(2);
        Thread worker = new Thread(() -> {
            written = 1;
            phaser.arriveAndDeregister();
        });
        worker.start();
        phaser.arriveAndAwaitAdvance();
        if (written != 1 || phaser.getRegisteredParties() != 1) {
            throw new AssertionError("phase advanced before the worker's write: " + written);
        }
        worker.join();
    }
}
