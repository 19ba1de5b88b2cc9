package subjects;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountedCompleter;
import java.util.concurrent.Executors;
import java.util.concurrent.ForkJoinPool;
import java.util.concurrent.RecursiveTask;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

/** Uses of threads the JDK starts (CompletableFuture, fork/join, scheduled pools, parallel streams), one per argument. */
public class JdkThreadUses {
    private static int ticks;

    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "completable-failure" -> CompletableFuture.supplyAsync(JdkThreadUses::fail).join();
            case "completable-recovered" -> check(CompletableFuture.supplyAsync(JdkThreadUses::fail).exceptionally(t -> 7).join() == 7);
            case "fork-join-failure" -> ForkJoinPool.commonPool().invoke(new Failing());
            case "periodic-never-cancelled" -> {
                ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
                scheduler.scheduleWithFixedDelay(() -> ticks++, 0, 1, TimeUnit.MILLISECONDS);
            }
            case "completer-child-failure" -> new FailingChild(null).invoke();
            case "parallel-stream-of-many" -> check(IntStream.range(0, 6).parallel().sum() == 15);
            case "parallel-limit-after-filter" -> check(List.of(1, 2, 3).parallelStream().filter(x -> x > 1).limit(1).toList().equals(List.of(2)));
            case "parallel-limit-after-map" -> check(List.of(1, 2, 3).parallelStream().map(x -> x * 2).limit(2).toList().equals(List.of(2, 4)));
            case "parallel-skip-after-map" -> check(List.of(1, 2, 3).parallelStream().map(x -> x * 2).skip(1).toList().equals(List.of(4, 6)));
            case "parallel-for-each-ordered" -> {
                List<Integer> seen = new java.util.ArrayList<>();
                List.of(1, 2, 3).parallelStream().map(x -> x * 2).forEachOrdered(seen::add);
                check(seen.equals(List.of(2, 4, 6)));
            }
            case "parallel-count-after-peek" -> check(List.of(1, 2).parallelStream().peek(x -> ticks++).count() == 2 && ticks == 0);
            default -> throw new IllegalArgumentException(args[0]);
        }
    }

    private static int fail() {
        throw new IllegalStateException("boom");
    }

    private static void check(boolean condition) {
        if (!condition) {
            throw new AssertionError();
        }
    }

    /** The root forks a child that fails: the failure passes up to the root, whose invoke throws it. */
    static final class FailingChild extends CountedCompleter<Void> {
        FailingChild(CountedCompleter<?> parent) {
            super(parent);
        }

        @Override
        public void compute() {
            if (getCompleter() == null) {
                new FailingChild(this).fork();
            } else {
                fail();
            }
        }
    }

    static final class Failing extends RecursiveTask<Integer> {
        @Override
        protected Integer compute() {
            return fail();
        }
    }
}
