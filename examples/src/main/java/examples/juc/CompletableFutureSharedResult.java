package examples.juc;

import java.util.concurrent.CompletableFuture;

/** Two async stages add into one shared field instead of returning their values: an addition is lost. */
public class CompletableFutureSharedResult {
    private static int total;

    public static void main(String[] args) {
        CompletableFuture<Void> first = CompletableFuture.runAsync(() -> total += 1);
        CompletableFuture<Void> second = CompletableFuture.runAsync(() -> total += 2);
        CompletableFuture.allOf(first, second).join();
        if (total != 3) {
            throw new AssertionError("lost an addition: " + total);
        }
    }
}
