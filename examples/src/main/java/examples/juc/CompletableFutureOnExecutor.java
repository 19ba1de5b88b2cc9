package examples.juc;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** supplyAsync and thenApplyAsync on a single-thread pool of the program's own; the result is joined and the pool shut down. */
public class CompletableFutureOnExecutor {
    public static void main(String[] args) {
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            String greeting = CompletableFuture.supplyAsync(() -> "hello", pool)
                    .thenApplyAsync(word -> word + ", world", pool)
                    .join();
            if (!greeting.equals("hello, world")) {
                throw new AssertionError(greeting);
            }
        } finally {
            pool.shutdown();
        }
    }
}
