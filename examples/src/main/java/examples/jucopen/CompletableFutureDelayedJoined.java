package examples.jucopen;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/** runAsync on a delayedExecutor, joined before its result is read: the join orders the write before the read. */
public class CompletableFutureDelayedJoined {
    private static int result;

    public static void main(String[] args) {
        CompletableFuture.runAsync(() -> result = 7, CompletableFuture.delayedExecutor(10, TimeUnit.MILLISECONDS)).join();
        if (result != 7) {
            throw new AssertionError("result " + result);
        }
    }
}
