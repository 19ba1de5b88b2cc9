package examples.oracle;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * A consumer busy-waits until a shared ConcurrentLinkedQueue is not empty, then takes its head; two
 * producers each add one value. The loop only re-reads the queue's state (a call on a JDK object
 * as an event, issue 17, met by the busy-wait rule of issue 16): it is held until a producer's add.
 * Which value it takes varies. Correct.
 */
public class QueueSpinHandoff {
    static final Queue<Integer> QUEUE = new ConcurrentLinkedQueue<>();
    static int taken;

    public static void main(String[] args) throws InterruptedException {
        Thread consumer = new Thread(() -> {
            while (QUEUE.isEmpty()) {
                Thread.onSpinWait();
            }
            taken = QUEUE.poll();
        });
        Thread producer = new Thread(() -> {
            Noise.point();
            QUEUE.add(1);
        });
        consumer.start();
        producer.start();
        Noise.point();
        QUEUE.add(2);
        consumer.join();
        producer.join();
    }
}
