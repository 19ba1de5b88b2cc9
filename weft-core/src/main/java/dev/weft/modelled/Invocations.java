package dev.weft.modelled;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.Future;
import java.util.concurrent.TimeoutException;

/** {@code invokeAll} and {@code invokeAny} of {@link ModelledThreadPoolExecutor}: every task a {@link ModelledFutureTask} handed to the pool. */
final class Invocations {
    private Invocations() {
    }

    /** Submits every task and waits for all; on a timeout the unfinished ones are cancelled. */
    static <T> List<Future<T>> invokeAll(Executor pool, Collection<? extends Callable<T>> tasks, boolean timed, long deadline)
            throws InterruptedException {
        List<ModelledFutureTask<T>> submitted = new ArrayList<>(tasks.size());
        boolean finished = false;
        try {
            for (Callable<T> task : tasks) {
                submitted.add(new ModelledFutureTask<>(task));
            }
            for (ModelledFutureTask<T> task : submitted) {
                pool.execute(task);
            }
            for (ModelledFutureTask<T> task : submitted) {
                if (!timed) {
                    task.awaitDone();
                } else if (!task.awaitDone(deadline)) {
                    return new ArrayList<>(submitted);
                }
            }
            finished = true;
            return new ArrayList<>(submitted);
        } finally {
            if (!finished) {
                cancelAll(submitted);
            }
        }
    }

    /** Departure: submits every task at once (the JDK's submits one more as each fails). */
    static <T> T invokeAny(Executor pool, Collection<? extends Callable<T>> tasks, boolean timed, long deadline)
            throws InterruptedException, ExecutionException, TimeoutException {
        if (tasks.isEmpty()) {
            throw new IllegalArgumentException();
        }
        FirstSuccess<T> race = new FirstSuccess<>(tasks.size());
        List<ModelledFutureTask<T>> submitted = new ArrayList<>(tasks.size());
        try {
            for (Callable<T> task : tasks) {
                submitted.add(race.contender(task));
            }
            for (ModelledFutureTask<T> task : submitted) {
                pool.execute(task);
            }
            return race.await(timed, deadline);
        } finally {
            cancelAll(submitted);
        }
    }

    private static <T> void cancelAll(List<ModelledFutureTask<T>> tasks) {
        for (ModelledFutureTask<T> task : tasks) {
            task.cancel(true);
        }
    }
}
