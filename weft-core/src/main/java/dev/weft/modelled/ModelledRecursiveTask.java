package dev.weft.modelled;

import java.util.concurrent.RecursiveTask;

/** What a program's {@link RecursiveTask} subclass extends under Weft (see {@link ModelledForkJoinTasks}). */
public abstract class ModelledRecursiveTask<V> extends RecursiveTask<V> implements ModelledForkJoinTask {
    private final ModelledTaskState taskState = new ModelledTaskState();

    protected ModelledRecursiveTask() {
    }

    @Override
    public ModelledTaskState taskState() {
        return taskState;
    }

    @Override
    public Object computeHere() {
        return compute();
    }
}
