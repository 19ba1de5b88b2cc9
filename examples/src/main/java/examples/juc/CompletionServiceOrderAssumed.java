package examples.juc;

import java.util.concurrent.CompletionService;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * Takes the first future from a CompletionService for the first task submitted: take() hands out
 * futures in the order the tasks complete, not the order they were submitted.
 */
public class CompletionServiceOrderAssumed {
    public static void main(String[] args) throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(2);
        CompletionService<String> service = new ExecutorCompletionService<>(pool);
        service.submit(() -> "first");
        service.submit(() -> "second");
        String taken = service.take().get();
        pool.shutdown();
        if (!taken.equals("first")) {
            throw new AssertionError("took " + taken + " first");
        }
    }
}
