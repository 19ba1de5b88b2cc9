package examples.juc;

import java.util.concurrent.locks.AbstractQueuedSynchronizer;

/**
 * The program's own one-shot latch on AbstractQueuedSynchronizer's shared mode, as its javadoc sketches one: a writer
 * publishes a value and signals; the reader, which waits for the signal, sees the value.
 */
public class AqsBooleanLatch {
    static class Latch extends AbstractQueuedSynchronizer {
        boolean isSignalled() {
            return getState() != 0;
        }

        void signal() {
            releaseShared(1);
        }

        void await() throws InterruptedException {
            acquireSharedInterruptibly(1);
        }

        @Override
        protected int tryAcquireShared(int ignored) {
            return isSignalled() ? 1 : -1;
        }

        @Override
        protected boolean tryReleaseShared(int ignored) {
            setState(1);
            return true;
        }
    }

    private static int value;

    static void writeThenSignal(Latch latch) throws InterruptedException {
        Thread writer = new Thread(() -> {
            value = 42;
            latch.signal();
        });
        writer.start();
        latch.await();
        if (value != 42) {
            throw new AssertionError("passed the latch before the value was written: " + value);
        }
        writer.join();
    }

    public static void main(String[] args) throws InterruptedException {
        writeThenSignal(new Latch());
    }
}
