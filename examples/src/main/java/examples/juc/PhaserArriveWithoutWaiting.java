package examples.juc;

import java.util.concurrent.Phaser;

/** A party that arrives (without awaiting the phase) and then reads the other's write: it may read before the write. */
public class PhaserArriveWithoutWaiting {
    private static int written;

    public static void main(String[] args) throws InterruptedException {
        Phaser phaser = new Phaser(2);
        Thread other = new Thread(() -> {
            written = 1;
            phaser.arriveAndAwaitAdvance();
        });
        other.start();
        phaser.arrive();
        int seen = written;
        other.join();
        if (seen != 1) {
            throw new AssertionError("read before the other party wrote: " + seen);
        }
    }
}
