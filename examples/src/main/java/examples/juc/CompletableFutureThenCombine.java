package examples.juc;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;

/** Two async suppliers combined with thenCombine: the combination sees both values. */
public class CompletableFutureThenCombine {
    public static void main(String[] args) throws InterruptedException, ExecutionException {
        CompletableFuture<Integer> left = CompletableFuture.supplyAsync(() -> 20);
        CompletableFuture<Integer> right = CompletableFuture.supplyAsync(() -> 22);
        int answer = left.thenCombine(right, Integer::sum).get();
        if (answer != 42) {
            throw new AssertionError("combined " + answer);
        }
    }
}
