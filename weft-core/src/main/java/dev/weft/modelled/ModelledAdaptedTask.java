package dev.weft.modelled;

import java.util.concurrent.Callable;
import java.util.concurrent.ForkJoinTask;

/** A {@link Callable} submitted to a {@link ModelledForkJoinPool}, as a task {@link ModelledForkJoinTasks} drives. */
final class ModelledAdaptedTask<T> extends ForkJoinTask<T> implements ModelledForkJoinTask {
    private final ModelledTaskState taskState = new ModelledTaskState();
    private final Callable<T> callable;

    ModelledAdaptedTask(Callable<T> callable) {
        this.callable = callable;
    }

    @Override
    public ModelledTaskState taskState() {
        return taskState;
    }

    @Override
    public Object computeHere() {
        try {
            return callable.call();
        } catch (RuntimeException | Error unchecked) {
            throw unchecked;
        } catch (Exception checked) {
            throw new RuntimeException(checked);
        }
    }

    /** Never called: {@link ModelledForkJoinTasks} answers for the task's result. */
    @Override
    public T getRawResult() {
        return null;
    }

    @Override
    protected void setRawResult(T value) {
        // the result lives in the task's state
    }

    /** Never called: the task runs through {@link #computeHere}. */
    @Override
    protected boolean exec() {
        return false;
    }
}
