package examples.juc;

import examples.jdk.TwoThreads;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

/** Two threads add a job only if the queue is empty, in two calls: both see it empty and the job is queued twice. */
public class ConcurrentQueueCheckThenAdd {
    public static void main(String[] args) throws InterruptedException {
        Queue<String> queue = new ConcurrentLinkedQueue<>();
        TwoThreads.run(() -> addIfEmpty(queue), () -> addIfEmpty(queue));
        if (queue.size() != 1) {
            throw new AssertionError("queued " + queue.size() + " jobs");
        }
    }

    private static void addIfEmpty(Queue<String> queue) {
        if (queue.isEmpty()) {
            queue.add("job");
        }
    }
}
