package examples.juc;

import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;

/**
 * The barrier's action checks a result a third thread sets without waiting for it: when the parties meet first, the
 * action throws, the barrier breaks and the other party's await throws BrokenBarrierException.
 */
public class CyclicBarrierBrokenByException {
    private static volatile int result;

    public static void main(String[] args) throws Exception {
        CyclicBarrier barrier = new CyclicBarrier(2, () -> {
            if (result == 0) {
                throw new IllegalStateException("no result yet");
            }
        });
        Thread setter = new Thread(() -> result = 1);
        Thread party = new Thread(() -> {
            try {
                barrier.await();
            } catch (InterruptedException | BrokenBarrierException e) {
                throw new IllegalStateException(e);
            }
        });
        setter.start();
        party.start();
        barrier.await();
        party.join();
        setter.join();
    }
}
