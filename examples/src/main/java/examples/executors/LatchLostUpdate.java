package examples.executors;

import java.util.concurrent.CountDownLatch;

/** Two threads increment without a lock and count a latch down; main awaits the latch: the latch orders, it does not protect. */
public class LatchLostUpdate {
    private static int hits;

    public static void main(String[] args) throws InterruptedException {
        CountDownLatch done = new CountDownLatch(2);
        Runnable hit = () -> {
            hits++;
            done.countDown();
        };
        new Thread(hit).start();
        new Thread(hit).start();
        done.await();
        if (hits != 2) {
            throw new AssertionError("lost update: hits = " + hits + ", expected 2");
        }
    }
}
