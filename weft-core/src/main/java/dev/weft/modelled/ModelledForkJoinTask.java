package dev.weft.modelled;

/**
 * A fork/join task of Weft's model: the program's {@code RecursiveTask} and {@code RecursiveAction}
 * subclasses extend the models instead ({@code ModelledRecursiveTask}, {@code ModelledRecursiveAction}),
 * whose state and computation {@link ModelledForkJoinTasks} drives.
 */
interface ModelledForkJoinTask {
    ModelledTaskState taskState();

    /** The task's own computation, on the calling thread; its result (null for an action). */
    Object computeHere();
}
