package examples.juc;

import java.util.concurrent.CompletableFuture;

/**
 * Joins the source future but not the stage that writes the result: the stage runs after the source
 * completes, possibly after main has read the field.
 */
public class CompletableFutureUnjoinedStage {
    private static int result;

    public static void main(String[] args) {
        CompletableFuture<Integer> source = CompletableFuture.supplyAsync(() -> 20);
        source.thenAccept(value -> result = value + 1);
        source.join();
        if (result != 21) {
            throw new AssertionError("the stage has not written yet: " + result);
        }
    }
}
