package examples.oracle;

import java.util.concurrent.CountDownLatch;

/** Two workers released together by a CountDownLatch increment without a lock; main checks the count and fails on a lost update. */
public class LatchStartLostUpdate {
    static int count;

    public static void main(String[] args) throws InterruptedException {
        CountDownLatch start = new CountDownLatch(1);
        CountDownLatch done = new CountDownLatch(2);
        for (int i = 0; i < 2; i++) {
            new Thread(() -> {
                try {
                    start.await();
                } catch (InterruptedException e) {
                    throw new IllegalStateException(e);
                }
                int seen = count;
                Noise.point();
                count = seen + 1;
                done.countDown();
            }).start();
        }
        start.countDown();
        done.await();
        if (count != 2) {
            throw new AssertionError("lost update: count = " + count);
        }
    }
}
