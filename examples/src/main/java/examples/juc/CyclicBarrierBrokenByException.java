package examples.juc;

import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;

/**
 * The barrier's action fails when it runs before the worker has written its result (it runs in the last thread to
 * arrive, which is not always the worker): the barrier breaks and the waiting party gets BrokenBarrierException.
 */
public class CyclicBarrierBrokenByException {
    private static volatile int result;

    public static void main(String[] args) throws Exception {
        CyclicBarrier barrier = new CyclicBarrier(2, () -> {
            if (result == 0) {
                throw new IllegalStateException("no result yet");
            }
        });
        Thread worker = new Thread(() -> {
            try {
                barrier.await();
            } catch (InterruptedException | BrokenBarrierException e) {
                throw new IllegalStateException(e);
            }
            result = 1;
        });
        worker.start();
        result = 1;
        barrier.await();
        worker.join();
    }
}
