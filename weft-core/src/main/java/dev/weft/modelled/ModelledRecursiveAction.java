package dev.weft.modelled;

import java.util.concurrent.RecursiveAction;

/** What a program's {@link RecursiveAction} subclass extends under Weft (see {@link ModelledForkJoinTasks}). */
public abstract class ModelledRecursiveAction extends RecursiveAction implements ModelledForkJoinTask {
    private final ModelledTaskState taskState = new ModelledTaskState();

    protected ModelledRecursiveAction() {
    }

    @Override
    public ModelledTaskState taskState() {
        return taskState;
    }

    @Override
    public Object computeHere() {
        compute();
        return null;
    }
}
