package subjects;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.PriorityBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/** java.util.concurrent executors and futures Weft does not model, one per argument. */
public class UnmodelledConcurrency {
    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "common-pool" -> ForkJoinPool.commonPool().submit(() -> 1).get();
            case "fork-join-as-executor-service" -> {
                ExecutorService pool = new ForkJoinPool(2);
                pool.submit(() -> 1).get();
            }
            case "scheduled" -> Executors.newScheduledThreadPool(1);
            case "completable" -> CompletableFuture.supplyAsync(() -> 1).get();
            case "pool-queue" -> ((ThreadPoolExecutor) Executors.newFixedThreadPool(1)).getQueue();
            case "priority-queue" -> new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS, new PriorityBlockingQueue<>());
            default -> throw new IllegalArgumentException(args[0]);
        }
    }
}
