package dev.weft.modelled;

import java.util.concurrent.CountedCompleter;

/**
 * The final methods of {@link CountedCompleter} that the program calls, which the instrumenter sends
 * here (the receiver first), on {@link ModelledCountedCompleter}'s pending count and completer, with
 * the JDK's documented semantics: {@code tryComplete} decrements a nonzero pending count, else runs
 * {@code onCompletion} and goes on to the completer, marking only the root (the task without
 * completer) done; every compare-and-set of a pending count is atomic under the task's monitor, so
 * which of two finishing subtasks completes the parent is explored like any race.
 *
 * <p>Departure: {@code helpComplete} helps with nothing (every forked task has a worker of its own,
 * see {@link ModelledForkJoinTasks}).
 */
public final class ModelledCountedCompleters {
    private ModelledCountedCompleters() {
    }

    public static CountedCompleter<?> getCompleter(CountedCompleter<?> task) {
        return model(task).completer;
    }

    public static int getPendingCount(CountedCompleter<?> task) {
        return model(task).pending;
    }

    public static void setPendingCount(CountedCompleter<?> task, int count) {
        model(task).pending = count;
    }

    public static void addToPendingCount(CountedCompleter<?> task, int delta) {
        ModelledCountedCompleter<?> modelled = model(task);
        synchronized (modelled) {
            modelled.pending += delta;
        }
    }

    public static boolean compareAndSetPendingCount(CountedCompleter<?> task, int expected, int count) {
        ModelledCountedCompleter<?> modelled = model(task);
        synchronized (modelled) {
            if (modelled.pending != expected) {
                return false;
            }
            modelled.pending = count;
            return true;
        }
    }

    /** The pending count before the call; decremented unless it was zero. */
    public static int decrementPendingCountUnlessZero(CountedCompleter<?> task) {
        ModelledCountedCompleter<?> modelled = model(task);
        synchronized (modelled) {
            int count = modelled.pending;
            if (count != 0) {
                modelled.pending = count - 1;
            }
            return count;
        }
    }

    public static CountedCompleter<?> getRoot(CountedCompleter<?> task) {
        ModelledCountedCompleter<?> at = model(task);
        while (at.completer != null) {
            at = at.completer;
        }
        return at;
    }

    public static void tryComplete(CountedCompleter<?> task) {
        complete(model(task), true);
    }

    /** As {@link #tryComplete} without {@code onCompletion}. */
    public static void propagateCompletion(CountedCompleter<?> task) {
        complete(model(task), false);
    }

    /** Walks up while the pending counts are zero (running onCompletion if asked); the root reached is done. */
    private static void complete(ModelledCountedCompleter<?> task, boolean onCompletion) {
        ModelledCountedCompleter<?> at = task;
        ModelledCountedCompleter<?> caller = task;
        while (decrementPendingCountUnlessZero(at) == 0) {
            if (onCompletion) {
                at.onCompletion(caller);
            }
            if (at.completer == null) {
                quietlyComplete(at);
                return;
            }
            caller = at;
            at = at.completer;
        }
    }

    /** The task if its pending count is zero, else null after decrementing it. */
    public static CountedCompleter<?> firstComplete(CountedCompleter<?> task) {
        return decrementPendingCountUnlessZero(task) == 0 ? task : null;
    }

    /** The completer's {@link #firstComplete}; for the root, done and null. */
    public static CountedCompleter<?> nextComplete(CountedCompleter<?> task) {
        ModelledCountedCompleter<?> modelled = model(task);
        if (modelled.completer != null) {
            return firstComplete(modelled.completer);
        }
        quietlyComplete(modelled);
        return null;
    }

    public static void quietlyCompleteRoot(CountedCompleter<?> task) {
        quietlyComplete((ModelledCountedCompleter<?>) getRoot(task));
    }

    public static void helpComplete(CountedCompleter<?> task, int maxTasks) {
        model(task);
    }

    /** Done normally; a join then returns the task's raw result. */
    static void quietlyComplete(ModelledCountedCompleter<?> task) {
        task.taskState().finishOnce(task.getRawResult(), null);
    }

    /** The task fails, then each completer in turn while {@code onExceptionalCompletion} says to go on and it is not done yet. */
    static void fail(ModelledCountedCompleter<?> task, Throwable failure) {
        if (!task.taskState().finishOnce(null, failure)) {
            return;
        }
        ModelledCountedCompleter<?> at = task;
        ModelledCountedCompleter<?> caller = task;
        while (at.onExceptionalCompletion(failure, caller) && at.completer != null
                && at.completer.taskState().finishOnce(null, failure)) {
            caller = at;
            at = at.completer;
        }
    }

    private static ModelledCountedCompleter<?> model(CountedCompleter<?> task) {
        return (ModelledCountedCompleter<?>) ModelledForkJoinTasks.model(task);
    }
}
