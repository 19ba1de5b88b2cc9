package examples.juc;

import java.util.concurrent.Phaser;

/** A Phaser made for three parties of which only two ever arrive: both wait for the third for ever (a hang). */
public class PhaserPartyNeverArrives {
    public static void main(String[] args) throws InterruptedException {
        Phaser phaser = new Phaser(3);
        Thread other = new Thread(phaser::arriveAndAwaitAdvance);
        other.start();
        phaser.arriveAndAwaitAdvance();
        other.join();
    }
}
