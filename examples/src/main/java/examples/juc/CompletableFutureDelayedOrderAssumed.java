package examples.juc;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;

/**
 * Two tasks on delayed executors, 10 and 50 ms, taken to run in that order: the delays order their
 * hand-over to the common pool, but the pool's two workers may then run them in either order.
 */
public class CompletableFutureDelayedOrderAssumed {
    public static void main(String[] args) {
        List<String> order = new CopyOnWriteArrayList<>();
        Executor soon = CompletableFuture.delayedExecutor(10, TimeUnit.MILLISECONDS);
        Executor later = CompletableFuture.delayedExecutor(50, TimeUnit.MILLISECONDS);
        CompletableFuture<Void> first = CompletableFuture.runAsync(() -> order.add("soon"), soon);
        CompletableFuture<Void> second = CompletableFuture.runAsync(() -> order.add("later"), later);
        CompletableFuture.allOf(first, second).join();
        if (!order.equals(List.of("soon", "later"))) {
            throw new AssertionError("ran in the order " + order);
        }
    }
}
