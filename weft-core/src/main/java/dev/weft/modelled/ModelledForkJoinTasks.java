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
 * the thread that forks it (the common pool outside any pool); a join waits for it; {@code invoke}
 * runs the task on the calling thread.
 *
 * <p>Departures: the JDK runs forked tasks on at most its pool's parallelism of workers, and a thread
 * that joins a task no worker has taken yet may run it itself. Here every forked task has a worker of
 * its own, which may run at any moment until the join: that has every interleaving of the task's code
 * with the other threads' that the JDK's pool has (a joiner running it is the worker running it just
 * then), without doubling the runs at each join; thread identities differ, and a pool too small to make
 * progress is not modelled.
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
        ModelledTaskState state = model(task).taskState();
        state.awaitDoneUninterruptibly();
        return reportJoin(state);
    }

    /** Runs the task here unless a worker has it already, then as {@link #join}. */
    public static Object invoke(ForkJoinTask<?> task) {
        runIfUnclaimed(model(task));
        return join(task);
    }

    public static void invokeAll(ForkJoinTask<?> first, ForkJoinTask<?> second) {
        fork(second);
        invoke(first);
        join(second);
    }

    public static void invokeAll(ForkJoinTask<?>[] tasks) {
        for (int i = tasks.length - 1; i > 0; i--) {
            fork(tasks[i]);
        }
        if (tasks.length > 0) {
            invoke(tasks[0]);
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

    /** Runs the task unless it was forked or invoked already (a task runs once). */
    static void runIfUnclaimed(ModelledForkJoinTask task) {
        if (task.taskState().claim()) {
            task.runClaimed();
        }
    }

    /** Done normally; only a counted completer's completion is modelled (its raw result is what a join returns). */
    public static void quietlyComplete(ForkJoinTask<?> task) {
        if (!(model(task) instanceof ModelledCountedCompleter<?> completer)) {
            Hooks.unsupported("java.util.concurrent.ForkJoinTask.quietlyComplete of a " + task.getClass().getName(), -1);
            throw new IllegalStateException("unreachable: the run is over");
        }
        ModelledCountedCompleters.quietlyComplete(completer);
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
                + " (Weft models RecursiveTask, RecursiveAction and CountedCompleter subclasses)", -1);
        throw new IllegalStateException("unreachable: the run is over");
    }
}
