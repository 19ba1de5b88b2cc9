package examples.juc;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * completeOnTimeout with a default, then takes the computed value for granted: when the supplier is
 * slower than the timeout (a loaded machine), the default wins.
 */
public class CompletableFutureTimeoutAssumedMet {
    public static void main(String[] args) {
        int answer = CompletableFuture.supplyAsync(() -> 42).completeOnTimeout(-1, 1, TimeUnit.MILLISECONDS).join();
        if (answer != 42) {
            throw new AssertionError("the timeout won: " + answer);
        }
    }
}
