package examples.juc;

import java.util.concurrent.Phaser;

/** Two parties write, arrive and wait at a Phaser, then read each other's write: always there. */
public class PhaserTwoPhases {
    public static void main(String[] args) throws InterruptedException {
        Phaser phaser = new Phaser(2);
        int[] slots = new int[2];
        Thread other = new Thread(() -> party(phaser, slots, 1));
        other.start();
        party(phaser, slots, 0);
        other.join();
    }

    private static void party(Phaser phaser, int[] slots, int mine) {
        slots[mine] = 1;
        phaser.arriveAndAwaitAdvance();
        if (slots[1 - mine] != 1) {
            throw new AssertionError("the other party had not written before the phase advanced");
        }
    }
}
