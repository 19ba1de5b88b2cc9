package examples.juc;

import java.util.concurrent.CompletableFuture;

/** The same sum as CompletableFutureSharedResult, with each stage returning its value: always 3. */
public class CompletableFutureReturnedValues {
    public static void main(String[] args) {
        CompletableFuture<Integer> sum = CompletableFuture.supplyAsync(() -> 1).thenApplyAsync(one -> one + 2);
        int total = sum.join();
        if (total != 3) {
            throw new AssertionError("wrong sum: " + total);
        }
    }
}
