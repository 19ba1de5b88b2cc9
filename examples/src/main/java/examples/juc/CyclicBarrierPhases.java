package examples.juc;

import java.util.concurrent.BrokenBarrierException;
import java.util.concurrent.CyclicBarrier;

/** Two threads each fill their own slot, meet at a barrier, then read the other's slot: always filled. */
public class CyclicBarrierPhases {
    public static void main(String[] args) throws Exception {
        int[] slots = new int[2];
        CyclicBarrier barrier = new CyclicBarrier(2);
        Thread other = new Thread(() -> party(slots, 1, barrier));
        other.start();
        party(slots, 0, barrier);
        other.join();
    }

    private static void party(int[] slots, int mine, CyclicBarrier barrier) {
        slots[mine] = mine + 1;
        try {
            barrier.await();
        } catch (InterruptedException | BrokenBarrierException e) {
            throw new IllegalStateException(e);
        }
        if (slots[1 - mine] == 0) {
            throw new AssertionError("the other party's slot is empty after the barrier");
        }
    }
}
