package examples.executors;

import java.util.concurrent.CountDownLatch;

/** A plain write before countDown is visible after await returns, under every memory model. */
public class LatchPublication {
    private static int answer;

    public static void main(String[] args) throws InterruptedException {
        CountDownLatch published = new CountDownLatch(1);
        new Thread(() -> {
            answer = 42;
            published.countDown();
        }).start();
        published.await();
        if (answer != 42) {
            throw new AssertionError("read " + answer + " after the latch opened");
        }
    }
}
