package examples.juc;

import java.util.concurrent.CompletionService;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/** Submits two tasks to a CompletionService on a single-thread pool and takes both results. */
public class CompletionServiceTakeAll {
    public static void main(String[] args) throws Exception {
        ExecutorService pool = Executors.newSingleThreadExecutor();
        CompletionService<Integer> service = new ExecutorCompletionService<>(pool);
        service.submit(() -> 1);
        service.submit(() -> 2);
        int sum = service.take().get() + service.take().get();
        pool.shutdown();
        if (sum != 3) {
            throw new AssertionError("results: " + sum);
        }
    }
}
