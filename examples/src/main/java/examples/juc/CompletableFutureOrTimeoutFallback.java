package examples.juc;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** orTimeout with a fallback: the answer is the computed value or, if the timeout fires first, the fallback. */
public class CompletableFutureOrTimeoutFallback {
    public static void main(String[] args) {
        int answer = CompletableFuture.supplyAsync(() -> 42).orTimeout(1, TimeUnit.SECONDS).exceptionally(t -> -1).join();
        if (answer != 42 && answer != -1) {
            throw new AssertionError("answer " + answer);
        }
    }
}
