package examples.juc;

import java.util.concurrent.BlockingDeque;
import java.util.concurrent.LinkedBlockingDeque;

/** One thread adds at the front, another at the back of a deque; main takes both: two items whatever the order. */
public class LinkedBlockingDequeBothEnds {
    public static void main(String[] args) throws InterruptedException {
        BlockingDeque<Integer> deque = new LinkedBlockingDeque<>();
        Thread front = new Thread(() -> deque.offerFirst(1));
        Thread back = new Thread(() -> deque.offerLast(2));
        front.start();
        back.start();
        int sum = deque.takeFirst() + deque.takeLast();
        front.join();
        back.join();
        if (sum != 3) {
            throw new AssertionError("took " + sum);
        }
    }
}
