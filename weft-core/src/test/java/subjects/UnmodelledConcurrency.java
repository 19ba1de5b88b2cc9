package subjects;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.PriorityBlockingQueue;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

/** java.util.concurrent executors and futures Weft does not model, one per argument. */
public class UnmodelledConcurrency {
    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "fork-join-statistics" -> ForkJoinPool.commonPool().getStealCount();
            case "fork-join-as-executor-service" -> {
                ExecutorService pool = new ForkJoinPool(2);
                pool.submit(() -> 1).get();
            }
            case "scheduled-queue-poll" -> ((ScheduledThreadPoolExecutor) Executors.newScheduledThreadPool(1)).getQueue().poll();
            case "completable-obtrude" -> CompletableFuture.completedFuture(1).obtrudeValue(2);
            case "parallel-after-map" -> IntStream.range(0, 2).map(i -> i + 1).parallel().sum();
            case "parallel-unordered-distinct" -> List.of(2, 1).parallelStream().unordered().distinct().toList();
            case "parallel-unordered-limit-after-filter" -> List.of(2, 1).parallelStream().unordered().filter(x -> x > 0).limit(1).toList();
            case "pool-queue-take" -> ((ThreadPoolExecutor) Executors.newFixedThreadPool(1)).getQueue().take();
            case "pool-queue-iterator" -> ((ThreadPoolExecutor) Executors.newFixedThreadPool(1)).getQueue().iterator();
            case "priority-queue" -> new ThreadPoolExecutor(1, 1, 0, TimeUnit.SECONDS, new PriorityBlockingQueue<>());
            default -> throw new IllegalArgumentException(args[0]);
        }
    }
}
