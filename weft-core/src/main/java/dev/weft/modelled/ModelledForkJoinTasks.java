package dev.weft.modelled;

import dev.weft.runtime.hooks.Hooks;
import java.util.Collection;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ForkJoinTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * The final methods of {@link ForkJoinTask} that the program calls, which the instrumenter sends here
 * (the receiver first, then the arguments). A forked task runs on a new worker thread of the pool of
 * the thread that forks it (the common pool outside any pool); a join runs the task itself when no
 * worker has started it yet, else waits for it.
 *
 * <p>Departure: the JDK runs forked tasks on at most its pool's parallelism of workers and lets a
 * joining worker run other tasks; here every fork may run at once, so the model has every
 * interleaving of task code the JDK's pool has (and a pool too small to make progress is not modelled).
 */
public final class ModelledForkJoinTasks {
    private ModelledForkJoinTasks() {
    }

    public static ForkJoinTask<?> fork(ForkJoinTask<?> task) {
        ModelledForkJoinTask modelled = model(task);
        ModelledForkJoinPool.ofCurrentThread().start(() -> runIfUnclaimed(modelled));
        return task;
    }

    public static Object join(ForkJoinTask<?> task) {
        ModelledForkJoinTask modelled = model(task);
        runOrAwait(modelled);
        return reportJoin(modelled.taskState());
    }

    public static Object invoke(ForkJoinTask<?> task) {
        return join(task);
    }

    public static void invokeAll(ForkJoinTask<?> first, ForkJoinTask<?> second) {
        fork(second);
        join(first);
        join(second);
    }

    public static void invokeAll(ForkJoinTask<?>[] tasks) {
        for (int i = tasks.length - 1; i > 0; i--) {
            fork(tasks[i]);
        }
        for (ForkJoinTask<?> task : tasks) {
            join(task);
        }
    }

    public static <T extends ForkJoinTask<?>> Collection<T> invokeAll(Collection<T> tasks) {
        invokeAll(tasks.toArray(new ForkJoinTask<?>[0]));
        return tasks;
    }

    public static Object get(ForkJoinTask<?> task) throws InterruptedException, ExecutionException {
        ModelledTaskState state = model(task).taskState();
        state.awaitDone();
        return reportGet(state);
    }

    public static Object get(ForkJoinTask<?> task, long timeout, TimeUnit unit)
            throws InterruptedException, ExecutionException, TimeoutException {
        ModelledTaskState state = model(task).taskState();
        if (!state.awaitDone(Deadlines.after(timeout, unit))) {
            throw new TimeoutException();
        }
        return reportGet(state);
    }

    public static boolean isDone(ForkJoinTask<?> task) {
        return model(task).taskState().isDone();
    }

    public static boolean isCompletedNormally(ForkJoinTask<?> task) {
        ModelledTaskState state = model(task).taskState();
        return state.isDone() && state.failure() == null;
    }

    public static boolean isCompletedAbnormally(ForkJoinTask<?> task) {
        ModelledTaskState state = model(task).taskState();
        return state.isDone() && state.failure() != null;
    }

    public static Throwable getException(ForkJoinTask<?> task) {
        ModelledTaskState state = model(task).taskState();
        return state.isDone() ? state.failure() : null;
    }

    public static Object getRawResult(ForkJoinTask<?> task) {
        ModelledTaskState state = model(task).taskState();
        return state.isDone() ? state.value() : null;
    }

    /** Body of a forked task's worker: the task may have been taken back by a joiner already. */
    static void runIfUnclaimed(ModelledForkJoinTask task) {
        if (task.taskState().claim()) {
            run(task);
        }
    }

    private static void runOrAwait(ModelledForkJoinTask task) {
        if (task.taskState().claim()) {
            run(task);
        } else {
            task.taskState().awaitDoneUninterruptibly();
        }
    }

    private static void run(ModelledForkJoinTask task) {
        Object value = null;
        Throwable failure = null;
        try {
            value = task.computeHere();
        } catch (Throwable t) {
            failure = t;
        }
        task.taskState().finish(value, failure);
    }

    private static Object reportJoin(ModelledTaskState state) {
        Throwable failure = state.failure();
        if (failure instanceof RuntimeException unchecked) {
            throw unchecked;
        }
        if (failure instanceof Error error) {
            throw error;
        }
        if (failure != null) {
            throw new RuntimeException(failure);
        }
        return state.value();
    }

    private static Object reportGet(ModelledTaskState state) throws ExecutionException {
        Throwable failure = state.failure();
        if (failure instanceof CancellationException cancelled) {
            throw cancelled;
        }
        if (failure != null) {
            throw new ExecutionException(failure);
        }
        return state.value();
    }

    static ModelledForkJoinTask model(ForkJoinTask<?> task) {
        if (task instanceof ModelledForkJoinTask modelled) {
            return modelled;
        }
        Hooks.unsupported("java.util.concurrent.ForkJoinTask of " + task.getClass().getName()
                + " (Weft models RecursiveTask and RecursiveAction subclasses)", -1);
        throw new IllegalStateException("unreachable: the run is over");
    }
}
