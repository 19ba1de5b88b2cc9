package examples.executors;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** A submitted task that fails: Future.get throws ExecutionException with the task's exception as its cause, and main does not catch it. */
public class PoolTaskException {
    public static void main(String[] args) throws InterruptedException, ExecutionException {
        ExecutorService pool = Executors.newSingleThreadExecutor();
        Future<Integer> parsed = pool.submit(() -> Integer.parseInt("forty-two"));
        try {
            System.out.println(parsed.get());
        } finally {
            pool.shutdown();
        }
    }
}
